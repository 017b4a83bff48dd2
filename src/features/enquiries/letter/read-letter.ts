import { sniffFileKind, SNIFF_HEAD_BYTES } from '@contract/upload-rules';
import { pricesFromRows, type LetterPrices } from './letter-prices';

/**
 * Reads a filled inquiry letter in the browser, so its prices land in the quote form for the
 * supplier to check before submitting. Only .xlsx is read here (read-excel-file, loaded on first
 * use, as the bill-of-materials reader does); a .xls (BIFF8) is attached unread.
 */
export type LetterReading =
  | ({ kind: 'prices' } & LetterPrices)
  /** The letter of another enquiry: nothing is put into the form. */
  | { kind: 'otherEnquiry'; enquiryNo: string }
  | { kind: 'unreadable' }
  | { kind: 'unchecked' };

/** A phone that needs longer than this for one sheet is better off typing the prices. */
export const LETTER_READ_TIMEOUT_MS = 30_000;

async function kindOf(file: Blob) {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  const tail = file.size > SNIFF_HEAD_BYTES ? new Uint8Array(await file.slice(file.size - SNIFF_HEAD_BYTES).arrayBuffer()) : head;
  return sniffFileKind(head, tail);
}

/**
 * The reader unzips large sheets in a blob: worker; a Content-Security-Policy without `blob:`
 * in worker-src blocks it and the library never settles. The violation (or the timeout) turns
 * that into "unreadable here".
 */
function guard(): { promise: Promise<never>; stop: () => void } {
  let stop = () => {};
  const promise = new Promise<never>((_, reject) => {
    const doc = globalThis.document;
    const timer = setTimeout(() => reject(new Error('inquiry letter read timed out')), LETTER_READ_TIMEOUT_MS);
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

/** The first sheet's rows; numbers stay the texts Excel stored ("12.5", "0.30000000000000004"). */
export async function readLetterRows(file: Blob): Promise<unknown[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  const watch = guard();
  try {
    return (await Promise.race([readSheet<string>(file, { parseNumber: (text: string) => text }), watch.promise])) as unknown[][];
  } finally {
    watch.stop();
  }
}

/** What the letter gives this enquiry; never throws (a workbook that cannot be read is `unreadable`). */
export async function readLetter(file: Blob, enquiry: { enquiryNo: string; lines: readonly { id: string; materialNo: string }[] }): Promise<LetterReading> {
  try {
    const kind = await kindOf(file);
    if (kind === 'xls') return { kind: 'unchecked' };
    if (kind !== 'xlsx') return { kind: 'unreadable' };
    const found = pricesFromRows(await readLetterRows(file), enquiry.lines);
    if (found.enquiryNo && found.enquiryNo !== enquiry.enquiryNo) return { kind: 'otherEnquiry', enquiryNo: found.enquiryNo };
    return { kind: 'prices', ...found };
  } catch {
    return { kind: 'unreadable' };
  }
}
