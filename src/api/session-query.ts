import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from './request';

/**
 * The session check (`/supplier/getByToken`), once per page load and supplier: the answer
 * never goes stale on its own; logout clears the cache.
 */
export const sessionQueryOptions = (supplierId: string) =>
  queryOptions({
    queryKey: ['session', supplierId] as const,
    queryFn: ({ signal }) => request(calls.supplierGetByToken, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
    // Asked of the bid service at each start, never restored from the device: it is how a
    // revoked token is found out. Offline, the status in the cookies stands in.
    meta: { persist: false },
  });
