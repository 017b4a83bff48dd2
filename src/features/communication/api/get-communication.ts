import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { communicationKeys } from './list-communications';

export const getCommunication = (id: string, signal?: AbortSignal) =>
  request(calls.communicationGetById, { id }, { signal, suppressError: true });

/** E404 (unknown, or another supplier's thread: the bid service does not tell them apart). */
export const isNotFound = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const communicationQueryOptions = (supplierId: string, id: string) =>
  queryOptions({
    queryKey: communicationKeys.detail(supplierId, id),
    queryFn: ({ signal }) => getCommunication(id, signal),
    // A missing thread stays missing; only transient failures are worth another try.
    retry: (count, error) => !(isApiError(error) && error.kind !== 'network') && count < 2,
  });
