import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';

export const getNotice = (id: string, signal?: AbortSignal) =>
  request(calls.businessGetById, { id }, { signal, suppressError: true });

export const isNotFound = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const noticeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['bids', 'notice', id] as const,
    queryFn: ({ signal }) => getNotice(id, signal),
    staleTime: 30_000,
    // A missing notice stays missing; only transient failures are worth another try.
    retry: (count, error) => !isNotFound(error) && !(isApiError(error) && error.kind === 'business') && count < 2,
  });
