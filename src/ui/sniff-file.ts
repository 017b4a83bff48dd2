import { sniffFileKind, SNIFF_HEAD_BYTES, type FileKind } from '@contract/upload-rules';

/** What a chosen file is by its content: its first bytes, and its last ones, where a ZIP keeps its directory. */
export async function sniffFile(file: Blob): Promise<FileKind> {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  const tail = file.size > SNIFF_HEAD_BYTES ? new Uint8Array(await file.slice(file.size - SNIFF_HEAD_BYTES).arrayBuffer()) : head;
  return sniffFileKind(head, tail);
}
