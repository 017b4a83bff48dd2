import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

/**
 * The session check (`/supplier/getByToken`), once per session and supplier: the answer
 * never goes stale on its own; logout clears the cache.
 */
export const sessionQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['session', supplierId] as const,
    queryFn: ({ signal }) => request(calls.supplierGetByToken, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
