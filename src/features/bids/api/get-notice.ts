import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { storedAtReader } from './stored-at';

const getNotice = async (id: string, signal?: AbortSignal) => {
  const stored = storedAtReader();
  return stored.attach(await request(calls.businessGetById, { id }, { signal, suppressError: true, onResponse: stored.onResponse }));
};

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bids', 'notice', id] as const,
    queryFn: ({ signal }) => getNotice(id, signal),
    staleTime: 30_000,
    // Asked even when the device says it is offline: the service worker may have it stored.
    networkMode: 'offlineFirst',
    // A missing notice stays missing; only transient failures are worth another try.
    retry: (count, error) => !isNotFound(error) && !(isApiError(error) && error.kind === 'business') && count < 2,
  });
