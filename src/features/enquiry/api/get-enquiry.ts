import { Code } from '@contract/codes';
import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';
import { enquiryKeys } from './list-enquiries';

// Quiet about the network: the detail shows the stored enquiry, or its own error with a retry,
// and a modal alert offline would stand over the quote form the supplier is filling for the outbox.
export const getEnquiry = async (id: string, signal?: AbortSignal) =>
  withClock(await request(calls.enquiryGetById, { id }, { signal, suppressError: true }));

/** E404 `dataLost`: unknown, or another supplier's enquiry (the bid service does not tell them apart). */
export const isEnquiryMissing = (error: unknown): boolean => isApiError(error) && error.code === Code.notFound;

export const enquiryQueryOptions = (supplierId: string, id: string) =>
  queryOptions({
    queryKey: enquiryKeys.detail(supplierId, id),
    queryFn: ({ signal }) => getEnquiry(id, signal),
    // A missing enquiry stays missing; only transient failures are worth another try.
    retry: (count, error) => !(isApiError(error) && error.kind !== 'network') && count < 2,
  });

export type EnquiryAnswer = Awaited<ReturnType<typeof getEnquiry>>;
