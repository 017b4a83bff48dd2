import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX, type PageSize } from '@contract/limits';
import { TENDER_STATUSES, type TenderStatus } from '@contract/tender-values';
import type { ListTenderRecordsParams } from './api/list-tender-records';

/** Dialogs a link may open on the list (`?tenderId=…&action=deposit`), e.g. from a reminder. */
export const URL_ACTIONS = ['deposit', 'refund'] as const;
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
}

export interface ResolvedTenderSearch {
  q: string;
  status: TenderStatus | '';
  page: number;
  size: PageSize;
  tenderId: string;
  action: UrlAction | '';
}

const MAX_PAGE = 100_000;
const ID_MAX = 64;

function toInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

/** A hand-typed `?q=2026` or `?tenderId=9` arrives parsed as a number; it is still text. */
function toText(value: unknown, max: number): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim().slice(0, max) : '';
}

const isStatus = (value: unknown): value is TenderStatus => (TENDER_STATUSES as readonly unknown[]).includes(value);
const isAction = (value: unknown): value is UrlAction => (URL_ACTIONS as readonly unknown[]).includes(value);

/**
 * validateSearch of the list: a malformed or stale value in a hand-edited URL falls back to
 * the default instead of failing the route; defaults are dropped so the URL stays short.
 * An `action` without a `tenderId` is kept: the list tells the supplier to choose a record.
 */
export function validateTenderSearch(raw: Record<string, unknown>): TenderSearch {
  const out: TenderSearch = {};
  const q = toText(raw.q, SEARCH_MAX);
  if (q) out.q = q;
  if (isStatus(raw.status)) out.status = raw.status;
  const page = toInt(raw.page);
  if (page !== undefined && page > 1 && page <= MAX_PAGE) out.page = page;
  const size = toInt(raw.size);
  if (size !== undefined && size !== DEFAULT_PAGE_SIZE && (PAGE_SIZES as readonly number[]).includes(size)) out.size = size as PageSize;
  const tenderId = toText(raw.tenderId, ID_MAX);
  if (tenderId) out.tenderId = tenderId;
  if (isAction(raw.action)) out.action = raw.action;
  return out;
}

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
