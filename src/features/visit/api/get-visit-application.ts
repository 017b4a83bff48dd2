import { calls } from '@contract/calls';
import { Code } from '@contract/codes';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';
import { visitKeys } from './list-visit-applications';

export const getVisitApplication = async (id: string, signal?: AbortSignal) =>
  withClock(await request(calls.visitApplyGetById, { id }, { signal, suppressError: true }));

/** E404: unknown, or another supplier's application (the bid service does not tell them apart). */
export const isVisitMissing = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const visitApplicationQueryOptions = (supplierId: string, id: string) =>
  queryOptions({
    queryKey: visitKeys.detail(supplierId, id),
    queryFn: ({ signal }) => getVisitApplication(id, signal),
    retry: (count, error) => !(isApiError(error) && error.kind !== 'network') && count < 2,
  });

export type VisitApplicationAnswer = Awaited<ReturnType<typeof getVisitApplication>>;
