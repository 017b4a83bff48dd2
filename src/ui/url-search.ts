import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSize } from '@contract/limits';

/**
 * Reading a list's state from a hand-edited or stale URL: what is malformed falls back to the
 * default (undefined), defaults are dropped so the URL stays short. Shared by every list's
 * validateSearch.
 */

const MAX_PAGE = 100_000;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/**
 * A text parameter, trimmed and cut to `max`; what the address reads as a number or a flag
 * (`?q=2026`, `?q=true`) is still text. A value in JSON quotes
 * (`?tenderId=%221%22`, as links written before src/app/router.ts read plain text) is unquoted.
 */
export function searchText(value: unknown, max: number): string | undefined {
  const raw = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';
  const unquoted = /^"[^"]*"$/.test(raw) ? raw.slice(1, -1).trim() : raw;
  return unquoted.slice(0, max) || undefined;
}

/** A page number other than the first. */
export function searchPage(value: unknown): number | undefined {
  const page = toInt(value);
  return page !== undefined && page > 1 && page <= MAX_PAGE ? page : undefined;
}

/** A page size of SPEC.md section 9 other than the default. */
export function searchSize(value: unknown): PageSize | undefined {
  const size = toInt(value);
  return size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)
    ? (size as PageSize)
    : undefined;
}

/** One of `values`, else undefined. */
export const searchOneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** Drops the keys whose value is undefined (a clean URL). */
export const compactSearch = <T extends Record<string, unknown>>(search: T): T =>
  Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as T;
