import { fileKindOf, readFirstSheet } from '@/ui/read-sheet';
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

/** The first sheet's rows; numbers stay the texts Excel stored ("12.5", "0.30000000000000004"). */
const readLetterRows = (file: Blob) => readFirstSheet(file, { numbersAsText: true });

/** What the letter gives this enquiry; never throws (a workbook that cannot be read is `unreadable`). */
export async function readLetter(
  file: Blob,
  enquiry: { enquiryNo: string; lines: readonly { id: string; materialNo: string }[] },
): Promise<LetterReading> {
  try {
    const kind = await fileKindOf(file);
    if (kind === 'xls') return { kind: 'unchecked' };
    if (kind !== 'xlsx') return { kind: 'unreadable' };
    const found = pricesFromRows(await readLetterRows(file), enquiry.lines);
    if (found.enquiryNo && found.enquiryNo !== enquiry.enquiryNo) return { kind: 'otherEnquiry', enquiryNo: found.enquiryNo };
    return { kind: 'prices', ...found };
  } catch {
    return { kind: 'unreadable' };
  }
}
