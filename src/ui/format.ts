import { BCP47, type Locale } from '@contract/locales';

const DAY_MS = 86_400_000;
const two = (n: number) => String(n).padStart(2, '0');

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** 'YYYY-MM-DD' in the device's time zone; '' for nothing, the text itself when unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** 'YYYY-MM-DD HH:mm:ss' in the device's time zone (SPEC.md section 9). */
export function formatDateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  return `${formatDate(iso)} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A decimal text Intl formats exactly (ES2023: no detour through a float that would round 17-digit totals). */
const EXACT_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Two decimals with thousands separators; with a currency code, its symbol when Intl knows it. */
export function formatMoney(n: number | string | null | undefined, locale: Locale, currency?: string): string {
  const value: number | `${number}` | null | undefined = typeof n !== 'string' ? n : EXACT_DECIMAL.test(n.trim()) ? (n.trim() as `${number}`) : Number(n);
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return '';
  const currencyFormat = currency ? moneyFormat(locale, currency) : null;
  if (currencyFormat) return currencyFormat.format(value);
  const plain = moneyFormat(locale)!.format(value);
  // Not an ISO 4217 code (a dictionary label): show it after the number.
  return currency ? `${plain} ${currency}` : plain;
}

/** Formatters are costly to build and a quote form formats hundreds of amounts: one per locale and currency (null: not a currency Intl knows). */
const moneyFormats = new Map<string, Intl.NumberFormat | null>();
function moneyFormat(locale: Locale, currency?: string): Intl.NumberFormat | null {
  const key = `${locale}|${currency ?? ''}`;
  if (!moneyFormats.has(key)) {
    const base = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
    let format: Intl.NumberFormat | null;
    try {
      format = new Intl.NumberFormat(BCP47[locale], currency ? { ...base, style: 'currency', currency } : base);
    } catch {
      format = null;
    }
    moneyFormats.set(key, format);
  }
  return moneyFormats.get(key) ?? null;
}

/**
 * Whole days left until a deadline: 0 means less than a day, a negative number means it
 * has passed (the deadline instant itself counts as passed). NaN when unreadable.
 */
export function daysLeft(iso: string, now: Date = new Date()): number {
  const d = parse(iso);
  if (!d) return Number.NaN;
  const diff = d.getTime() - now.getTime();
  if (diff <= 0) return Math.min(-1, Math.floor(diff / DAY_MS));
  return Math.floor(diff / DAY_MS);
}
