import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

export type ListCommunicationsParams = RequestOf<'communicationListByPage'>;

/** Every communication query starts with this key, so a sent reply can refresh them all. */
export const communicationKeys = {
  all: (supplierId: string) => ['communication', supplierId] as const,
  list: (supplierId: string, params: ListCommunicationsParams) => ['communication', supplierId, 'list', params] as const,
  detail: (supplierId: string, id: string) => ['communication', supplierId, 'detail', id] as const,
};

export const listCommunications = (params: ListCommunicationsParams, signal?: AbortSignal) =>
  // The list shows its own error state with a retry button (or the stored list with a note), so
  // neither a toast nor the network alert as well.
  request(calls.communicationListByPage, params, { signal, suppressError: true });

/** Keyed by supplier: two accounts on one device never see each other's threads. */
export const listCommunicationsQueryOptions = (supplierId: string, params: ListCommunicationsParams) =>
  queryOptions({
    queryKey: communicationKeys.list(supplierId, params),
    queryFn: ({ signal }) => listCommunications(params, signal),
    // Keeps the current page on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
