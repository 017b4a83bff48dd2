import { sniffFileKind, SNIFF_HEAD_BYTES, type FileKind } from '@contract/upload-rules';

/**
 * Reading a spreadsheet a supplier chose, in the browser: what the file is by its bytes, and the
 * rows of its first sheet with read-excel-file, loaded on first use (the bill of materials and
 * the inquiry letter both read this way).
 */

/** A phone that needs longer than this for one sheet is better off typing it in. */
const SHEET_READ_TIMEOUT_MS = 30_000;

/** The file's kind by its first and last 64 KB (a ZIP keeps its directory at the end). */
export async function fileKindOf(file: Blob): Promise<FileKind> {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  const tail = file.size > SNIFF_HEAD_BYTES ? new Uint8Array(await file.slice(file.size - SNIFF_HEAD_BYTES).arrayBuffer()) : head;
  return sniffFileKind(head, tail);
}

/**
 * The reader unzips large sheets in a blob: worker; a Content-Security-Policy without `blob:`
 * in worker-src blocks it, and the library then never settles. Listening for that violation
 * turns it into a failure at once instead of after the timeout.
 */
function blockedWorker(): { promise: Promise<never>; stop: () => void } {
  let stop = () => {};
  const promise = new Promise<never>((_, reject) => {
    const doc = globalThis.document;
    const timer = setTimeout(() => reject(new Error('spreadsheet read timed out')), SHEET_READ_TIMEOUT_MS);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'worker-src') reject(new Error(`worker blocked: ${event.blockedURI}`));
    };
    doc?.addEventListener('securitypolicyviolation', onViolation);
    stop = () => {
      clearTimeout(timer);
      doc?.removeEventListener('securitypolicyviolation', onViolation);
    };
  });
  return { promise, stop };
}

/**
 * The rows of the workbook's first sheet. With `numbersAsText`, numbers stay the texts Excel
 * stored ("12.5", "0.30000000000000004") instead of JavaScript numbers.
 */
export async function readFirstSheet(file: Blob, options: { numbersAsText?: boolean } = {}): Promise<unknown[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  const guard = blockedWorker();
  try {
    const reading = options.numbersAsText ? readSheet<string>(file, { parseNumber: (text: string) => text }) : readSheet(file);
    return (await Promise.race([reading, guard.promise])) as unknown[][];
  } finally {
    guard.stop();
  }
}
