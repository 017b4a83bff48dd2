import { fromUnits, PRICE_DECIMALS, priceProblem } from '@contract/enquiry-values';
import { LETTER_LABELS, LETTER_TABLE_HEADER_ROW, letterColumn } from '@contract/inquiry-letter';

/**
 * Prices out of a filled inquiry letter (contract/inquiry-letter.ts), without the spreadsheet
 * library: rows in, prices by line id out, and every row that gave no price with the reason,
 * so nothing the supplier typed is dropped without a word. Pure, for the unit tests.
 */
export type IgnoreReason = 'noMaterialNo' | 'unknownMaterial' | 'duplicate' | 'noPrice' | 'zeroPrice' | 'invalidPrice';

export interface IgnoredRow {
  /** The sheet's row number, as Excel shows it (1-based). */
  row: number;
  materialNo: string;
  reason: IgnoreReason;
  /** The reply-price cell as read ('' when empty). */
  value: string;
}

export interface LetterPrices {
  /** By line id: normalised to PRICE_DECIMALS ("12.50"). */
  prices: Record<string, string>;
  filled: number;
  /** Rows whose price had more decimals than a price takes and was rounded (half up). */
  rounded: number[];
  ignored: IgnoredRow[];
  /** Lines of the enquiry the letter gave no price for (missing rows included). */
  unpriced: number;
  /** What the letter's header says, when it says it. */
  enquiryNo: string | null;
  round: number | null;
}

export type PriceCell = { price: string; rounded: boolean } | { problem: 'noPrice' | 'zeroPrice' | 'invalidPrice' };

/** Decimals kept before rounding to the price's two: enough to drop a float's noise (0.30000000000000004) first. */
const NOISE_DECIMALS = 10;

const pow10 = (n: number) => 10n ** BigInt(n);

/** Integer division rounding half up (both positive). */
const divRound = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** A cell as text; a number written by Excel keeps its digits (read with parseNumber: String). */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString().slice(0, 10);
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return String(cell as string | boolean).trim();
}

const fullWidth = (text: string) =>
  text.replace(/[\uff10-\uff19]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0)).replace(/[\uff0e\u3002]/g, '.');

/** "1.25E-2" → "0.0125", "1E+3" → "1000": digits only, exactly. */
function expandExponent(text: string): string | null {
  const m = /^(\d+)(?:\.(\d*))?[eE]([+-]?\d+)$/.exec(text);
  if (!m) return text;
  const [, whole = '', fraction = '', exp = '0'] = m;
  const shift = Number(exp);
  if (Math.abs(shift) > 30) return null;
  const digits = whole + fraction;
  const point = whole.length + shift;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A reply-price cell as a price: numbers as Excel stored them, or text as a supplier types it
 * (full-width digits, a currency sign, thousands separators). Rounded half up to two decimals
 * after the float's noise is gone; zero, negative, text and prices over the maximum are refused.
 */
export function letterPrice(cell: unknown): PriceCell {
  if (typeof cell === 'boolean' || cell instanceof Date) return { problem: 'invalidPrice' };
  let text = fullWidth(cellText(cell)).replace(/\s+/g, '');
  if (text === '') return { problem: 'noPrice' };
  text = text.replace(/^[¥￥$€]/, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text)) text = text.replace(/,/g, '');
  const expanded = expandExponent(text);
  if (expanded === null || !/^(\d+\.?\d*|\.\d+)$/.test(expanded)) return { problem: 'invalidPrice' };
  const [whole = '', fraction = ''] = expanded.split('.');
  const exact = BigInt(`${whole}${fraction}` || '0');
  const atNoise =
    fraction.length > NOISE_DECIMALS
      ? divRound(exact, pow10(fraction.length - NOISE_DECIMALS))
      : exact * pow10(NOISE_DECIMALS - fraction.length);
  const step = pow10(NOISE_DECIMALS - PRICE_DECIMALS);
  const units = divRound(atNoise, step);
  const price = fromUnits(units, PRICE_DECIMALS);
  if (units === 0n) return { problem: 'zeroPrice' };
  if (priceProblem(price)) return { problem: 'invalidPrice' };
  return { price, rounded: atNoise % step !== 0n };
}

const ENQUIRY_NO_LABELS = new Set(Object.values(LETTER_LABELS.enquiryNo));
const ROUND_LABELS = new Set(Object.values(LETTER_LABELS.round));

/** The letter's own description (rows above the table: label in A, value in B), found by its label in any language. */
function describedAs(rows: readonly (readonly unknown[])[], labels: Set<string>): string | null {
  for (const row of rows.slice(0, LETTER_TABLE_HEADER_ROW - 1)) {
    if (labels.has(cellText(row[0]))) return cellText(row[1]) || null;
  }
  return null;
}

const MATERIAL = letterColumn('materialNo') - 1;
const REPLY = letterColumn('replyPrice') - 1;

/**
 * Matches the letter's table (the rows under its header, row LETTER_TABLE_HEADER_ROW) to the
 * enquiry's lines by material no, never by position: a supplier may sort or delete rows. The
 * first row of a material no counts; a later one is a duplicate. Blank rows are skipped; every
 * other row either gives a price or is listed with why it did not.
 */
export function pricesFromRows(rows: readonly (readonly unknown[])[], lines: readonly { id: string; materialNo: string }[]): LetterPrices {
  const byMaterial = new Map<string, string>();
  for (const line of lines) byMaterial.set(line.materialNo.trim().toUpperCase(), line.id);
  const seen = new Set<string>();
  const prices: Record<string, string> = {};
  const rounded: number[] = [];
  const ignored: IgnoredRow[] = [];

  for (let i = LETTER_TABLE_HEADER_ROW; i < rows.length; i++) {
    const row = rows[i]!;
    if (!row.some((cell) => cellText(cell) !== '')) continue;
    const sheetRow = i + 1;
    const materialNo = cellText(row[MATERIAL]);
    const value = cellText(row[REPLY]);
    const ignore = (reason: IgnoreReason) => ignored.push({ row: sheetRow, materialNo, reason, value });
    const key = materialNo.toUpperCase();
    if (!materialNo) {
      ignore('noMaterialNo');
      continue;
    }
    const lineId = byMaterial.get(key);
    if (!lineId) {
      ignore('unknownMaterial');
      continue;
    }
    if (seen.has(key)) {
      ignore('duplicate');
      continue;
    }
    seen.add(key);
    const cell = letterPrice(row[REPLY]);
    if ('problem' in cell) {
      ignore(cell.problem);
      continue;
    }
    prices[lineId] = cell.price;
    if (cell.rounded) rounded.push(sheetRow);
  }

  const filled = Object.keys(prices).length;
  const round = Number(describedAs(rows, ROUND_LABELS));
  return {
    prices,
    filled,
    rounded,
    ignored,
    unpriced: lines.length - filled,
    enquiryNo: describedAs(rows, ENQUIRY_NO_LABELS),
    round: Number.isInteger(round) && round > 0 ? round : null,
  };
}
