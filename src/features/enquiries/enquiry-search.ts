import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, type PageSize } from '@contract/limits';
import { ENQUIRY_BUSINESS_STATUSES, REPLY_STATUSES, type EnquiryBusinessStatus, type ReplyStatus } from '@contract/enquiry-values';
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

const MAX_PAGE = 100_000;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A hand-typed `?q=2030` arrives parsed as a number; it is still text. */
function toText(value: unknown, max: number): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';
}

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    (values as readonly unknown[]).includes(value);
const isReplyStatus = oneOf(REPLY_STATUSES);
const isBusinessStatus = oneOf(ENQUIRY_BUSINESS_STATUSES);

/**
 * validateSearch of the inquiry list: a malformed or stale value in a hand-edited URL falls
 * back to the default instead of failing the route; defaults are dropped so the URL stays short.
 */
export function validateEnquirySearch(raw: Record<string, unknown>): EnquirySearch {
  const out: EnquirySearch = {};
  const q = toText(raw.q, SEARCH_MAX);
  if (q) out.q = q;
  if (isReplyStatus(raw.replyStatus)) out.replyStatus = raw.replyStatus;
  if (isBusinessStatus(raw.businessStatus)) out.businessStatus = raw.businessStatus;
  const page = toInt(raw.page);
  if (page !== undefined && page > 1 && page <= MAX_PAGE) out.page = page;
  const size = toInt(raw.size);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)) out.size = size as PageSize;
  return out;
}

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
