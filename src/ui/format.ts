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

/** Two decimals with thousands separators; with a currency code, its symbol when Intl knows it. */
export function formatMoney(n: number | string | null | undefined, locale: Locale, currency?: string): string {
  const value = typeof n === 'string' ? Number(n) : n;
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const base = { minimumFractionDigits: 2, maximumFractionDigits: 2 } as const;
  if (currency) {
    try {
      return new Intl.NumberFormat(BCP47[locale], { ...base, style: 'currency', currency }).format(value);
    } catch {
      // Not an ISO 4217 code (a dictionary label): show it after the number.
      return `${new Intl.NumberFormat(BCP47[locale], base).format(value)} ${currency}`;
    }
  }
  return new Intl.NumberFormat(BCP47[locale], base).format(value);
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
