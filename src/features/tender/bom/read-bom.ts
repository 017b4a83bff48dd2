import { fileKindOf, readFirstSheet } from '@/ui/read-sheet';

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
const BOM_PREVIEW_LINES = 5;

type Cell = string | number | boolean | Date | null | undefined;

const two = (n: number) => String(n).padStart(2, '0');

/** A cell as the supplier typed it: dates as YYYY-MM-DD (workbook dates carry no zone: UTC). */
export function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date)
    return Number.isNaN(cell.getTime()) ? '' : `${cell.getUTCFullYear()}-${two(cell.getUTCMonth() + 1)}-${two(cell.getUTCDate())}`;
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

/** The rows of the workbook's first sheet, as the library reads them. */
const readBomRows = (file: Blob) => readFirstSheet(file);

/** What the bill holds; never throws (a workbook that cannot be read is `unreadable`). */
export async function readBom(file: Blob): Promise<BomReading> {
  try {
    const kind = await fileKindOf(file);
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
