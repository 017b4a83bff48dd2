import { Code } from '../../contract/codes';
import type { FileRef } from '../../contract/schemas/common';
import {
  kindProblem,
  oleDirectorySector,
  sniffFileKind,
  SNIFF_HEAD_BYTES,
  type FileKind,
  type UploadRule,
} from '../../contract/upload-rules';
import type { Queryable } from '../db/db';
import { findFilesByKeys } from '../db/file-repo';
import { mimeFor } from '../files/mime';
import type { FileStorage } from '../files/storage';
import { ApiError, invalid } from '../http/api-error';

/** Where a ZIP keeps its central directory (the entry names that tell an .xlsx from a ZIP). */
const TAIL_BYTES = 64 * 1024;

/**
 * What a stored file is by its content (contract/upload-rules.ts): its first SNIFF_HEAD_BYTES
 * and its last 64 KB, and an OLE2 file's directory sector wherever it lies, read without
 * streaming the rest. A file missing on disk is `unknown`.
 */
export async function storedFileKind(storage: FileStorage, key: string): Promise<FileKind> {
  const size = await storage.size(key);
  if (size === null) return 'unknown';
  const head = await storage.read(key, 0, SNIFF_HEAD_BYTES);
  const tail = size > SNIFF_HEAD_BYTES ? await storage.read(key, Math.max(0, size - TAIL_BYTES), TAIL_BYTES) : new Uint8Array(0);
  const directory = oleDirectorySector(head);
  const sector =
    directory && directory.offset + directory.length <= size ? await storage.read(key, directory.offset, directory.length) : undefined;
  return sniffFileKind(head, tail, directory && !sector ? new Uint8Array(0) : sector);
}

/** The Content-Type a stored upload is kept and served with: by its content (files/mime.ts, `mimeFor`). */
export const storedFileMime = async (storage: FileStorage, key: string): Promise<string> =>
  mimeFor(await storedFileKind(storage, key), key);

/**
 * Checks named references (`[field, ref]`, already known to be stored files the caller may use,
 * see checkRefs) against an upload rule, on what was stored rather than on names the client
 * chose: E413 for a file over the rule's size, E415 with the rule's message for a file of
 * another kind. The field names the file (`billOfMaterials.0`), so the form marks the right one.
 */
export async function checkStoredFiles(
  db: Queryable,
  storage: FileStorage,
  refs: Array<[string, FileRef]>,
  rule: UploadRule,
): Promise<void> {
  const files = new Map(
    (
      await findFilesByKeys(
        db,
        refs.map(([, ref]) => ref.path),
      )
    ).map((f) => [f.storageKey, f]),
  );
  for (const [field, ref] of refs) {
    const file = files.get(ref.path);
    if (!file) throw invalid(`${field}.path`, 'notFound');
    if (file.size > rule.maxBytes) throw new ApiError(Code.tooLarge, 'tooLarge', [{ field, key: 'tooLarge' }]);
    if (rule.kinds === null) continue;
    const problem = kindProblem(rule, await storedFileKind(storage, file.storageKey));
    if (problem) throw new ApiError(Code.unsupportedType, problem, [{ field, key: problem }]);
  }
}
