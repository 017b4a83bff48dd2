import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';

export type ListTenderRecordsParams = RequestOf<'tenderListByPage'>;

/** Every tender query starts with this key, so a sent deposit, bid or refund can refresh them all. */
export const tenderKeys = {
  all: (supplierId: string) => ['tender', supplierId] as const,
  list: (supplierId: string, params: ListTenderRecordsParams) => ['tender', supplierId, 'list', params] as const,
  detail: (supplierId: string, id: string) => ['tender', supplierId, 'detail', id] as const,
};

export const listTenderRecords = async (params: ListTenderRecordsParams, signal?: AbortSignal) =>
  // The list shows its own error state with a retry button, so no toast as well.
  withClock(await request(calls.tenderListByPage, params, { signal, suppressError: true }));

/** Keyed by supplier: two accounts on one device never see each other's records. */
export const listTenderRecordsQueryOptions = (supplierId: string, params: ListTenderRecordsParams) =>
  queryOptions({
    queryKey: tenderKeys.list(supplierId, params),
    queryFn: ({ signal }) => listTenderRecords(params, signal),
    // Keeps the current page on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
