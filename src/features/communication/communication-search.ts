import { DEFAULT_PAGE_SIZE, SEARCH_MAX, type PageSize } from '@contract/limits';
import { COMMUNICATION_STATUSES, type CommunicationStatus } from '@contract/communication-values';
import type { CommunicationListRequest } from '@contract/schemas/communication';
import { compactSearch, searchOneOf, searchPage, searchSize, searchText } from '@/ui/url-search';

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

/**
 * validateSearch of the list: a malformed or stale value in a hand-edited URL falls back to
 * the default instead of failing the route; defaults are dropped so the URL stays short.
 */
export const validateCommunicationSearch = (raw: Record<string, unknown>): CommunicationSearch =>
  compactSearch({
    q: searchText(raw.q, SEARCH_MAX),
    status: searchOneOf(COMMUNICATION_STATUSES, raw.status),
    page: searchPage(raw.page),
    size: searchSize(raw.size),
  });

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
