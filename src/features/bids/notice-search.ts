import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, type PageSize } from '@contract/limits';
import { BIND_OR_PURCHASE } from '@contract/limits';

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

const MAX_PAGE = 100_000;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/**
 * validateSearch for the board: anything malformed in a hand-edited or stale URL falls back to
 * the default instead of failing the route, and defaults are dropped so the URL stays short.
 */
export function validateNoticeSearch(raw: Record<string, unknown>): NoticeSearch {
  const out: NoticeSearch = {};
  if (raw.tab === 'purchasing') out.tab = 'purchasing';
  const page = toInt(raw.page);
  if (page !== undefined && page > 1 && page <= MAX_PAGE) out.page = page;
  const size = toInt(raw.size);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)) out.size = size as PageSize;
  // A hand-typed `?q=2026` arrives parsed as a number; it is still a search text.
  if (typeof raw.q === 'string' || typeof raw.q === 'number') {
    const q = String(raw.q).trim().slice(0, SEARCH_MAX);
    if (q) out.q = q;
  }
  return out;
}

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
