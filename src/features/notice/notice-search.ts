import { BIND_OR_PURCHASE, DEFAULT_PAGE_SIZE, SEARCH_MAX, type PageSize } from '@contract/limits';
import { compactSearch, searchPage, searchSize, searchText } from '@/ui/url-search';

/** The two public lists on /login: bidding (招标信息) and purchasing (采购信息) notices. */
export const NOTICE_TABS = ['bidding', 'purchasing'] as const;
export type NoticeTab = (typeof NOTICE_TABS)[number];

/** What the notice board keeps in the URL; absent keys mean the default (clean URLs). */
export interface NoticeSearch {
  tab?: NoticeTab;
  page?: number;
  size?: PageSize;
  q?: string;
}

export interface ResolvedNoticeSearch {
  tab: NoticeTab;
  page: number;
  size: PageSize;
  q: string;
}

/**
 * validateSearch for the board: anything malformed in a hand-edited or stale URL falls back to
 * the default instead of failing the route, and defaults are dropped so the URL stays short.
 */
export const validateNoticeSearch = (raw: Record<string, unknown>): NoticeSearch =>
  compactSearch({
    tab: raw.tab === 'purchasing' ? ('purchasing' as const) : undefined,
    page: searchPage(raw.page),
    size: searchSize(raw.size),
    q: searchText(raw.q, SEARCH_MAX),
  });

/**
 * The full list state. The router hands a route its raw search merged with what validateSearch
 * kept, so a value validateSearch dropped (`?status=bogus`) is still there: validated again here.
 */
export function resolveNoticeSearch(raw: NoticeSearch): ResolvedNoticeSearch {
  const search = validateNoticeSearch({ ...raw });
  return { tab: search.tab ?? 'bidding', page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE, q: search.q ?? '' };
}

/** The URL form of a full board state: defaults left out. */
export function compactNoticeSearch(state: ResolvedNoticeSearch): NoticeSearch {
  return validateNoticeSearch({ ...state });
}

/** The /business/listByPage payload for a board state. */
export function noticeListRequest(state: ResolvedNoticeSearch) {
  return {
    bindOrPurchase: BIND_OR_PURCHASE[state.tab],
    pageNo: state.page,
    pageSize: state.size,
    ...(state.q ? { searchContent: state.q } : {}),
  };
}
