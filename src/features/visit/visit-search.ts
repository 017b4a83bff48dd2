import { DEFAULT_PAGE_SIZE, SEARCH_MAX, type PageSize } from '@contract/limits';
import { VISIT_REVIEW_STATUSES, type VisitReviewStatus } from '@contract/visit-values';
import { compactSearch, searchOneOf, searchPage, searchSize, searchText } from '@/ui/url-search';
import type { ListVisitApplicationsParams } from './api/list-visit-applications';

/** What the visit application list keeps in the URL; absent keys mean the default. */
export interface VisitSearch {
  q?: string;
  status?: VisitReviewStatus;
  page?: number;
  size?: PageSize;
}

export interface ResolvedVisitSearch {
  q: string;
  status: VisitReviewStatus | '';
  page: number;
  size: PageSize;
}

/** validateSearch of the list: malformed values fall back to the default, defaults are dropped. */
export const validateVisitSearch = (raw: Record<string, unknown>): VisitSearch =>
  compactSearch({
    q: searchText(raw.q, SEARCH_MAX),
    status: searchOneOf(VISIT_REVIEW_STATUSES, raw.status),
    page: searchPage(raw.page),
    size: searchSize(raw.size),
  });

/** The full list state; the router may hand over a raw value still, so validated again. */
export function resolveVisitSearch(raw: VisitSearch): ResolvedVisitSearch {
  const search = validateVisitSearch({ ...raw });
  return { q: search.q ?? '', status: search.status ?? '', page: search.page ?? 1, size: search.size ?? DEFAULT_PAGE_SIZE };
}

export const compactVisitSearch = (state: ResolvedVisitSearch): VisitSearch => validateVisitSearch({ ...state });

/** The /visitApply/listByPage payload of a list state. */
export const visitListRequest = (state: ResolvedVisitSearch): ListVisitApplicationsParams => ({
  pageNo: state.page,
  pageSize: state.size,
  ...(state.q ? { searchContent: state.q } : {}),
  ...(state.status ? { reviewStatus: state.status } : {}),
});

/**
 * The search of the form route: `copy` names a returned application to start from,
 * `relatedProject` a tender it is started from, `mend` an outbox entry the bid service refused.
 */
export interface VisitFormSearch {
  copy?: string;
  relatedProject?: string;
  mend?: string;
}
export const validateVisitFormSearch = (raw: Record<string, unknown>): VisitFormSearch =>
  compactSearch({ copy: searchText(raw.copy, 64), relatedProject: searchText(raw.relatedProject, 100), mend: searchText(raw.mend, 64) });
