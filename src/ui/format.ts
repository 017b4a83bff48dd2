import { BCP47, type Locale } from '@contract/locales';
import { DEFAULT_TIME_ZONE, TIME_ZONE_META, dateTimeIn, dayIn, isTimeZone, offsetMinutes, offsetName } from '@contract/time-zone';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The zones times are read in (contract/time-zone.ts): every time in the buyer's zone (the bid
 * service's TIME_ZONE, in the shell's `<meta name="time-zone">`), named after it when the
 * device's clock is elsewhere. The bid service's render knows no device: it never names it.
 */
const zones: { display: string; device: string | null } = { display: DEFAULT_TIME_ZONE, device: null };

export function setTimeZones(display: string | null | undefined, device: string | null): void {
  zones.display = display && isTimeZone(display) ? display : DEFAULT_TIME_ZONE;
  zones.device = device && isTimeZone(device) ? device : null;
}

/** The zone a shell's markup names (`<meta name="time-zone" content="…">`), if any. */
export function shellTimeZone(html: string): string | null {
  return new RegExp(`<meta name="${TIME_ZONE_META}" content="([^"]*)"`).exec(html)?.[1] ?? null;
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'YYYY-MM-DD': a calendar date as it is, an instant's day in the buyer's zone (or `zone`);
 * '' for nothing, the text itself when unreadable.
 */
export function formatDate(iso: string | null | undefined, zone: string = zones.display): string {
  if (iso && DATE_ONLY.test(iso)) return iso;
  const d = parse(iso);
  if (!d) return iso ?? '';
  return dayIn(d, zone);
}

/**
 * 'YYYY-MM-DD HH:mm:ss' (SPEC.md section 9) in the buyer's zone (or `zone`), followed by the
 * zone's offset ('GMT+8') when the device's clock shows another time at that instant.
 */
export function formatDateTime(iso: string | null | undefined, zone: string = zones.display): string {
  const d = parse(iso);
  if (!d) return iso ?? '';
  const text = dateTimeIn(d, zone);
  if (!zones.device) return text;
  const offset = offsetMinutes(d, zone);
  return offset === offsetMinutes(d, zones.device) ? text : `${text} ${offsetName(offset)}`;
}

/** A decimal text Intl formats exactly (ES2023: no detour through a float that would round 17-digit totals). */
const EXACT_DECIMAL = /^-?\d+(\.\d+)?$/;

/** Two decimals with thousands separators; with a currency code, its symbol when Intl knows it. */
export function formatMoney(n: number | string | null | undefined, locale: Locale, currency?: string): string {
  const value: number | `${number}` | null | undefined =
    typeof n !== 'string' ? n : EXACT_DECIMAL.test(n.trim()) ? (n.trim() as `${number}`) : Number(n);
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return '';
  const currencyFormat = currency ? moneyFormat(locale, currency) : null;
  if (currencyFormat) return currencyFormat.format(value);
  const plain = moneyFormat(locale)!.format(value);
  // Not an ISO 4217 code (a dictionary label): show it after the number.
  return currency ? `${plain} ${currency}` : plain;
}

/**
 * Formatters are costly to build and a quote form formats hundreds of amounts: one per locale and
 * currency (null: not a currency Intl knows).
 */
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

type ListType = 'conjunction' | 'disjunction';
const listFormats = new Map<string, Intl.ListFormat>();
function listFormat(locale: Locale, type: ListType): Intl.ListFormat {
  const key = `${locale}|${type}`;
  let format = listFormats.get(key);
  if (!format) listFormats.set(key, (format = new Intl.ListFormat(BCP47[locale], { type })));
  return format;
}

/**
 * A list for a person to read, with the separators of the reader's language: "A、B和C",
 * "A, B, and C", "A, B và C" ('disjunction': "or"). Never join such a list with a fixed separator.
 */
export function formatList(items: readonly string[], locale: Locale, type: ListType = 'conjunction'): string {
  return listFormat(locale, type).format(items);
}

/**
 * The separators `formatList` puts between `count` items, for a list whose items are elements
 * (links): `separators[i]` goes before item i (`''` before the first).
 */
export function listSeparators(count: number, locale: Locale, type: ListType = 'conjunction'): string[] {
  const parts = listFormat(locale, type).formatToParts(Array.from({ length: count }, (_, i) => String(i)));
  const separators: string[] = [];
  let pending = '';
  for (const part of parts) {
    if (part.type === 'literal') pending += part.value;
    else {
      separators.push(pending);
      pending = '';
    }
  }
  return separators;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the reader's language writes it (decimal mark, grouping): every number shown
 * goes through here (or formatMoney), never String(n), toFixed or a template: in vi "7.1" reads
 * as 71. `maximumFractionDigits` (default 3, the quantities' precision) cuts a float's noise;
 * `minimumFractionDigits` pads (a size's "1.0 MB").
 */
export function formatNumber(
  n: number | string | null | undefined,
  locale: Locale,
  maximumFractionDigits = 3,
  minimumFractionDigits = 0,
): string {
  const value: number | `${number}` | null | undefined =
    typeof n !== 'string' ? n : EXACT_DECIMAL.test(n.trim()) ? (n.trim() as `${number}`) : Number(n);
  if (value === null || value === undefined || (typeof value === 'number' && !Number.isFinite(value))) return '';
  const key = `${locale}|${maximumFractionDigits}|${minimumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(BCP47[locale], { maximumFractionDigits, minimumFractionDigits })));
  return format.format(value);
}

const rateFormats = new Map<Locale, Intl.NumberFormat>();

/**
 * An exchange rate as the notice gives it: every significant digit kept (SPEC.md fixes no
 * precision for rates, and 0.00029 VND -> CNY must not round to 0), separators of the locale.
 */
export function formatRate(n: number | null | undefined, locale: Locale): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '';
  let format = rateFormats.get(locale);
  if (!format) rateFormats.set(locale, (format = new Intl.NumberFormat(BCP47[locale], { maximumSignificantDigits: 15 })));
  return format.format(n);
}
