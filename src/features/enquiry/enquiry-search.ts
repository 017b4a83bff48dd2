import { DEFAULT_PAGE_SIZE, SEARCH_MAX, type PageSize } from '@contract/limits';
import { ENQUIRY_BUSINESS_STATUSES, REPLY_STATUSES, type EnquiryBusinessStatus, type ReplyStatus } from '@contract/enquiry-values';
import { compactSearch, searchOneOf, searchPage, searchSize, searchText } from '@/ui/url-search';
import type { ListEnquiriesParams } from './api/list-enquiries';

/** What the inquiry list keeps in the URL; absent keys mean the default (clean URLs). */
export interface EnquirySearch {
  q?: string;
  replyStatus?: ReplyStatus;
  businessStatus?: EnquiryBusinessStatus;
  page?: number;
  size?: PageSize;
}

export interface ResolvedEnquirySearch {
  q: string;
  replyStatus: ReplyStatus | '';
  businessStatus: EnquiryBusinessStatus | '';
  page: number;
  size: PageSize;
}

/**
 * validateSearch of the inquiry list: a malformed or stale value in a hand-edited URL falls
 * back to the default instead of failing the route; defaults are dropped so the URL stays short.
 */
export const validateEnquirySearch = (raw: Record<string, unknown>): EnquirySearch =>
  compactSearch({
    q: searchText(raw.q, SEARCH_MAX),
    replyStatus: searchOneOf(REPLY_STATUSES, raw.replyStatus),
    businessStatus: searchOneOf(ENQUIRY_BUSINESS_STATUSES, raw.businessStatus),
    page: searchPage(raw.page),
    size: searchSize(raw.size),
  });

/**
 * The full list state. The router hands a route its validated search merged over the raw one,
 * so a bad value of the address may still be there: validated again here.
 */
export function resolveEnquirySearch(raw: EnquirySearch): ResolvedEnquirySearch {
  const search = validateEnquirySearch({ ...raw });
  return {
    q: search.q ?? '',
    replyStatus: search.replyStatus ?? '',
    businessStatus: search.businessStatus ?? '',
    page: search.page ?? 1,
    size: search.size ?? DEFAULT_PAGE_SIZE,
  };
}

/** The URL form of a full list state: defaults left out. */
export function compactEnquirySearch(state: ResolvedEnquirySearch): EnquirySearch {
  return validateEnquirySearch({ ...state });
}

/** The /enquiry/listByPage payload of a list state. */
export function enquiryListRequest(state: ResolvedEnquirySearch): ListEnquiriesParams {
  return {
    pageNo: state.page,
    pageSize: state.size,
    ...(state.q ? { searchContent: state.q } : {}),
    ...(state.replyStatus ? { replyStatus: state.replyStatus } : {}),
    ...(state.businessStatus ? { businessStatus: state.businessStatus } : {}),
  };
}
