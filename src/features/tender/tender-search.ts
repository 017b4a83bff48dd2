import { DEFAULT_PAGE_SIZE, SEARCH_MAX, type PageSize } from '@contract/limits';
import { TENDER_STATUSES, type TenderStatus } from '@contract/tender-values';
import { compactSearch, searchOneOf, searchPage, searchSize, searchText } from '@/ui/url-search';
import type { ListTenderRecordsParams } from './api/list-tender-records';

/** Dialogs a link may open on the list (`?tenderId=…&action=deposit`), e.g. from a reminder. */
const URL_ACTIONS = ['deposit', 'refund'] as const;
export type UrlAction = (typeof URL_ACTIONS)[number];

/** What the tender list keeps in the URL; absent keys mean the default (clean URLs). */
export interface TenderSearch {
  q?: string;
  status?: TenderStatus;
  page?: number;
  size?: PageSize;
  /** The record to show marked (after signing up, or from a link). */
  tenderId?: string;
  /** A dialog to open for `tenderId`. */
  action?: UrlAction;
  /** The outbox entry of `action` the bid service refused, opened in the dialog to mend it. */
  mend?: string;
}

export interface ResolvedTenderSearch {
  q: string;
  status: TenderStatus | '';
  page: number;
  size: PageSize;
  tenderId: string;
  action: UrlAction | '';
  mend: string;
}

const ID_MAX = 64;

/**
 * validateSearch of the list: a malformed or stale value in a hand-edited URL falls back to
 * the default instead of failing the route; defaults are dropped so the URL stays short.
 * An `action` without a `tenderId` is kept: the list tells the supplier to choose a record.
 */
export const validateTenderSearch = (raw: Record<string, unknown>): TenderSearch =>
  compactSearch({
    q: searchText(raw.q, SEARCH_MAX),
    status: searchOneOf(TENDER_STATUSES, raw.status),
    page: searchPage(raw.page),
    size: searchSize(raw.size),
    tenderId: searchText(raw.tenderId, ID_MAX),
    action: searchOneOf(URL_ACTIONS, raw.action),
    mend: searchText(raw.mend, ID_MAX),
  });

/**
 * The full list state. The router hands a route its raw search merged with what validateSearch
 * kept, so a value validateSearch dropped (`?status=bogus`) is still there: validated again here.
 */
export function resolveTenderSearch(raw: TenderSearch): ResolvedTenderSearch {
  const search = validateTenderSearch({ ...raw });
  return {
    q: search.q ?? '',
    status: search.status ?? '',
    page: search.page ?? 1,
    size: search.size ?? DEFAULT_PAGE_SIZE,
    tenderId: search.tenderId ?? '',
    action: search.action ?? '',
    mend: search.mend ?? '',
  };
}

/** The URL form of a full list state: defaults left out. */
export function compactTenderSearch(state: ResolvedTenderSearch): TenderSearch {
  return validateTenderSearch({ ...state });
}

/** The /tender/listByPage payload of a list state (the marked record and dialog are not the bid service's business). */
export function tenderListRequest(state: Pick<ResolvedTenderSearch, 'q' | 'status' | 'page' | 'size'>): ListTenderRecordsParams {
  return {
    pageNo: state.page,
    pageSize: state.size,
    ...(state.q ? { searchContent: state.q } : {}),
    ...(state.status ? { status: state.status } : {}),
  };
}
