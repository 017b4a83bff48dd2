import { sniffFileKind, SNIFF_HEAD_BYTES } from '@contract/upload-rules';

/**
 * Reads a bill of materials in the browser before it is queued, so an empty or unreadable
 * workbook is caught while the supplier can still fix it, not hours later when the outbox
 * finally reaches the bid service. Only .xlsx is read here (read-excel-file, loaded on first
 * use); a .xls (BIFF8) is accepted unread and checked by the bid service.
 */
export type BomReading =
  | { kind: 'lines'; lineCount: number; header: string[]; preview: string[][] }
  | { kind: 'empty' }
  | { kind: 'unreadable' }
  | { kind: 'unchecked' };

/** How many material lines the preview shows. */
export const BOM_PREVIEW_LINES = 5;
/** A phone that needs longer than this for one sheet is better off letting the bid service check it. */
export const BOM_READ_TIMEOUT_MS = 30_000;

type Cell = string | number | boolean | Date | null | undefined;

const two = (n: number) => String(n).padStart(2, '0');

/** A cell as the supplier typed it: dates as YYYY-MM-DD (workbook dates carry no zone: UTC). */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : `${cell.getUTCFullYear()}-${two(cell.getUTCMonth() + 1)}-${two(cell.getUTCDate())}`;
  return String(cell as Cell).trim();
}

const filled = (row: readonly unknown[]) => row.some((cell) => cellText(cell) !== '');

/**
 * The first row with any content is the header; every later row with any non-empty cell is a
 * material line (blank spacer rows in between do not count). The preview keeps the header's
 * width, so a stray note far to the right does not widen the table.
 */
export function summarizeBomRows(rows: readonly (readonly unknown[])[]): { lineCount: number; header: string[]; preview: string[][] } {
  const start = rows.findIndex(filled);
  if (start === -1) return { lineCount: 0, header: [], preview: [] };
  const header = rows[start]!.map(cellText);
  let width = header.length;
  while (width > 0 && header[width - 1] === '') width--;
  let lineCount = 0;
  const preview: string[][] = [];
  for (let i = start + 1; i < rows.length; i++) {
    const row = rows[i]!;
    if (!filled(row)) continue;
    lineCount++;
    if (preview.length < BOM_PREVIEW_LINES) preview.push(Array.from({ length: width }, (_, c) => cellText(row[c])));
  }
  return { lineCount, header: header.slice(0, width), preview };
}

async function kindOf(file: Blob) {
  const head = new Uint8Array(await file.slice(0, SNIFF_HEAD_BYTES).arrayBuffer());
  const tail = file.size > SNIFF_HEAD_BYTES ? new Uint8Array(await file.slice(file.size - SNIFF_HEAD_BYTES).arrayBuffer()) : head;
  return sniffFileKind(head, tail);
}

/**
 * The reader unzips large sheets in a blob: worker; a Content-Security-Policy without `blob:`
 * in worker-src blocks it, and the library then never settles. Listening for that violation
 * turns it into "unreadable here" at once instead of after the timeout.
 */
function blockedWorker(): { promise: Promise<never>; stop: () => void } {
  let stop = () => {};
  const promise = new Promise<never>((_, reject) => {
    const doc = globalThis.document;
    const timer = setTimeout(() => reject(new Error('bill of materials read timed out')), BOM_READ_TIMEOUT_MS);
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

/** The rows of the workbook's first sheet, as the library reads them. */
export async function readBomRows(file: Blob): Promise<unknown[][]> {
  const { readSheet } = await import('read-excel-file/browser');
  const guard = blockedWorker();
  try {
    return (await Promise.race([readSheet(file), guard.promise])) as unknown[][];
  } finally {
    guard.stop();
  }
}

/** What the bill holds; never throws (a workbook that cannot be read is `unreadable`). */
export async function readBom(file: Blob): Promise<BomReading> {
  try {
    const kind = await kindOf(file);
    if (kind === 'xls') return { kind: 'unchecked' };
    if (kind !== 'xlsx') return { kind: 'unreadable' };
    const summary = summarizeBomRows(await readBomRows(file));
    return summary.lineCount === 0 ? { kind: 'empty' } : { kind: 'lines', ...summary };
  } catch {
    return { kind: 'unreadable' };
  }
}

/**
 * For the benchmark page: reads a bill as the form does and says how long it took (the first
 * call includes loading the reader's chunk; call twice for the warm figure).
 */
export async function timeBomRead(file: Blob): Promise<{ ms: number; reading: BomReading }> {
  const started = performance.now();
  const reading = await readBom(file);
  return { ms: performance.now() - started, reading };
}
