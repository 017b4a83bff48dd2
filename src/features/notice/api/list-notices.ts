import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { storedAtReader } from './stored-at';

export type ListNoticesParams = RequestOf<'businessListByPage'>;

const listNotices = async (params: ListNoticesParams, signal?: AbortSignal) => {
  const stored = storedAtReader();
  // The board shows its own error state with a retry button, so no toast as well.
  return stored.attach(await request(calls.businessListByPage, params, { signal, suppressError: true, onResponse: stored.onResponse }));
};

export const listNoticesQueryOptions = (params: ListNoticesParams) =>
  queryOptions({
    queryKey: ['bids', 'notices', params] as const,
    queryFn: ({ signal }) => listNotices(params, signal),
    // Keeps the current page on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
