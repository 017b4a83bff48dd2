import writeXlsxFile, { type Cell, type Row } from 'write-excel-file/node';
import {
  LETTER_COLUMNS,
  LETTER_LABELS,
  LETTER_META,
  LETTER_SHEET,
  LETTER_TABLE_HEADER_ROW,
  type LetterColumn,
  type LetterMeta,
} from '../../contract/inquiry-letter';
import type { Locale } from '../../contract/locales';
import type { EnquiryDetail, EnquiryLine } from '../../contract/schemas/enquiry';

/**
 * The inquiry-letter template of an enquiry (contract/inquiry-letter.ts is the layout, which the
 * portal reads back): one sheet, the title in A1, the meta rows below it (label in A, value in
 * B), blank rows up to the table's header at LETTER_TABLE_HEADER_ROW, then one row per line in
 * line order with the reply price left empty for the supplier.
 *
 * Cell types, decided once: quantities and prices are written as text ("1250.500", "3980.00"),
 * exactly as the bid service holds them, so no float ever rounds them on the way; the line no
 * and the round are numbers (small integers, exact either way); the deadline is ISO 8601 in
 * UTC, which the portal can compare with the enquiry's. The reply price column is empty: what
 * the supplier types there comes back as a number or a text, and the portal's reader checks it
 * with priceProblem like any typed price.
 */

const HEADER_STYLE = { fontWeight: 'bold', backgroundColor: '#DDEBF7', borderStyle: 'thin' } as const;
const REPLY_STYLE = { backgroundColor: '#FFF2CC', borderStyle: 'thin' } as const;

/** Column widths in characters, by field: names and specifications need room. */
const WIDTHS: Record<LetterColumn, number> = {
  lineNo: 20,
  materialNo: 22,
  name: 24,
  specification: 28,
  unit: 8,
  brand: 14,
  quantity: 14,
  expectedPrice: 14,
  targetPrice: 14,
  latestQuotation: 14,
  replyPrice: 20,
  packageSpecification: 24,
};

const text = (value: string | null): Cell => (value === null || value === '' ? null : { value, type: String });

function metaValue(meta: LetterMeta, detail: EnquiryDetail, supplierName: string): Cell {
  switch (meta) {
    case 'enquiryNo':
      return text(detail.enquiryNo);
    case 'theme':
      return text(detail.theme);
    case 'round':
      return { value: detail.round, type: Number };
    case 'deadline':
      return text(detail.deadline);
    case 'currency':
      return text(detail.currency);
    case 'supplier':
      return text(supplierName);
  }
}

function lineCell(column: LetterColumn, line: EnquiryLine): Cell {
  switch (column) {
    case 'lineNo':
      return { value: line.lineNo, type: Number };
    case 'replyPrice':
      return { value: undefined, ...REPLY_STYLE };
    case 'quantity':
    case 'expectedPrice':
    case 'targetPrice':
    case 'latestQuotation':
    case 'materialNo':
    case 'name':
    case 'specification':
    case 'unit':
    case 'brand':
    case 'packageSpecification':
      return text(line[column]);
  }
}

/** The rows of the sheet, as written (exported for the tests' reading of the layout). */
export function letterRows(detail: EnquiryDetail, supplierName: string, locale: Locale): Row[] {
  const label = (key: keyof typeof LETTER_LABELS) => LETTER_LABELS[key][locale];
  const rows: Row[] = [[{ value: label('title'), fontWeight: 'bold', fontSize: 14 }]];
  for (const meta of LETTER_META) rows.push([{ value: label(meta), fontWeight: 'bold' }, metaValue(meta, detail, supplierName)]);
  while (rows.length < LETTER_TABLE_HEADER_ROW - 1) rows.push([]);
  rows.push(LETTER_COLUMNS.map((column) => ({ value: label(column), ...HEADER_STYLE })));
  for (const line of detail.lines) rows.push(LETTER_COLUMNS.map((column) => lineCell(column, line)));
  return rows;
}

/** The .xlsx bytes of the template, labels in `locale`. */
export async function inquiryLetterXlsx(detail: EnquiryDetail, supplierName: string, locale: Locale): Promise<Buffer> {
  return writeXlsxFile(letterRows(detail, supplierName, locale), {
    sheet: LETTER_SHEET,
    columns: LETTER_COLUMNS.map((column) => ({ width: WIDTHS[column] })),
    stickyRowsCount: LETTER_TABLE_HEADER_ROW,
  }).toBuffer();
}

/** `inquiry-XJ20260501000001-round2.xlsx` */
export const letterFileName = (detail: { enquiryNo: string; round: number }) => `inquiry-${detail.enquiryNo}-round${detail.round}.xlsx`;
