import { BCP47, type Locale } from '@contract/locales';
import { discountPercent } from '@contract/enquiry-values';

/** An estimated quantity (three decimals on the wire) with thousands separators, trailing zeros dropped. */
export function formatQuantity(text: string, locale: Locale): string {
  const value = text.trim();
  // A decimal text is formatted exactly (ES2023 Intl takes it as is, with no detour through a float).
  if (!/^\d+(\.\d+)?$/.test(value)) return text;
  return new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits: 3 }).format(value as `${number}`);
}

const percentFormats = new Map<string, Intl.NumberFormat>();

/** A change in percent ("-5.00" from discountPercent) as "-5.00%" / "+3.10%" / "0.00%" in the reader's locale; unsigned, its size. */
export function formatPercent(text: string, locale: Locale, signed = true): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  // Built once per locale and sign: the quote form formats a line's change on each keystroke.
  const key = `${locale}|${signed}`;
  let format = percentFormats.get(key);
  if (!format)
    percentFormats.set(
      key,
      (format = new Intl.NumberFormat(BCP47[locale], {
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
        signDisplay: signed ? 'exceptZero' : 'never',
      })),
    );
  return `${format.format(value)}%`;
}

/**
 * The change of `price` against an earlier one, only when both are in the same currency: a
 * supplier may quote a round in another currency, and a percentage across currencies means nothing.
 */
export function changeOf(price: string | null | undefined, before: string | null | undefined, sameCurrency: boolean): string | null {
  if (!price || !before || !sameCurrency) return null;
  return discountPercent(price, before);
}
