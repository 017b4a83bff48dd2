import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';

export type ListVisitApplicationsParams = RequestOf<'visitApplyListByPage'>;

/** Every visit application query starts with this key, so a sent application refreshes them all. */
export const visitKeys = {
  all: (supplierId: string) => ['visitApply', supplierId] as const,
  list: (supplierId: string, params: ListVisitApplicationsParams) => ['visitApply', supplierId, 'list', params] as const,
  detail: (supplierId: string, id: string) => ['visitApply', supplierId, 'detail', id] as const,
};

// The list shows its own error state with a retry button (or the stored page): no toast or alert as well.
export const listVisitApplications = async (params: ListVisitApplicationsParams, signal?: AbortSignal) =>
  withClock(await request(calls.visitApplyListByPage, params, { signal, suppressError: true }));

/** Keyed by supplier; persisted per supplier and wiped at logout (src/app/query-persist.ts): readable offline. */
export const listVisitApplicationsQueryOptions = (supplierId: string, params: ListVisitApplicationsParams) =>
  queryOptions({
    queryKey: visitKeys.list(supplierId, params),
    queryFn: ({ signal }) => listVisitApplications(params, signal),
    placeholderData: keepPreviousData,
  });
