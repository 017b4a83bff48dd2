import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';
import { tenderKeys } from './list-tender-records';

// Quiet about the network: every screen that reads a record shows the stored one, or its own
// error with a retry, and the list reads it while a dialog may be open over the page.
export const getTenderRecord = async (id: string, signal?: AbortSignal) =>
  withClock(await request(calls.tenderGetById, { id }, { signal, suppressError: true }));

/** E404 `dataLost`: unknown, or another supplier's record (the bid service does not tell them apart). */
export const isRecordMissing = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const tenderRecordQueryOptions = (supplierId: string, id: string) =>
  queryOptions({
    queryKey: tenderKeys.detail(supplierId, id),
    queryFn: ({ signal }) => getTenderRecord(id, signal),
  });
