import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, type PageSize } from '@contract/limits';
import { COMMUNICATION_STATUSES, type CommunicationStatus } from '@contract/communication-values';
import type { CommunicationListRequest } from '@contract/schemas/communication';

/** What the communication list keeps in the URL; absent keys mean the default (clean URLs). */
export interface CommunicationSearch {
  q?: string;
  status?: CommunicationStatus;
  page?: number;
  size?: PageSize;
}

export interface ResolvedCommunicationSearch {
  q: string;
  status: CommunicationStatus | '';
  page: number;
  size: PageSize;
}

const MAX_PAGE = 100_000;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

const isStatus = (value: unknown): value is CommunicationStatus => (COMMUNICATION_STATUSES as readonly unknown[]).includes(value);

/**
 * validateSearch of the list: a malformed or stale value in a hand-edited URL falls back to
 * the default instead of failing the route; defaults are dropped so the URL stays short.
 */
export function validateCommunicationSearch(raw: Record<string, unknown>): CommunicationSearch {
  const out: CommunicationSearch = {};
  // A hand-typed `?q=2026` arrives parsed as a number; it is still a search text.
  if (typeof raw.q === 'string' || typeof raw.q === 'number') {
    const q = String(raw.q).trim().slice(0, SEARCH_MAX);
    if (q) out.q = q;
  }
  if (isStatus(raw.status)) out.status = raw.status;
  const page = toInt(raw.page);
  if (page !== undefined && page > 1 && page <= MAX_PAGE) out.page = page;
  const size = toInt(raw.size);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)) out.size = size as PageSize;
  return out;
}

/**
 * The full list state. The router hands a route its raw search merged with what validateSearch
 * kept, so a value validateSearch dropped (`?status=bogus`) is still there: validated again here.
 */
export function resolveCommunicationSearch(raw: CommunicationSearch): ResolvedCommunicationSearch {
  const search = validateCommunicationSearch({ ...raw });
  return { q: search.q ?? '', status: search.status ?? '', page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE };
}

/** The URL form of a full list state: defaults left out. */
export function compactCommunicationSearch(state: ResolvedCommunicationSearch): CommunicationSearch {
  return validateCommunicationSearch({ ...state });
}

/** The /communication/listByPage payload of a list state. */
export function communicationListRequest(state: ResolvedCommunicationSearch): CommunicationListRequest {
  return {
    pageNo: state.page,
    pageSize: state.size,
    ...(state.q ? { searchContent: state.q } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}
