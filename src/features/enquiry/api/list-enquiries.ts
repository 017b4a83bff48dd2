import { calls } from '@contract/calls';
import type { RequestOf } from '@contract/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';
import { withClock } from '@/ui/server-clock';

export type ListEnquiriesParams = RequestOf<'enquiryListByPage'>;

/** Every enquiry query starts with this key, so a sent quote can refresh them all. */
export const enquiryKeys = {
  all: (supplierId: string) => ['enquiry', supplierId] as const,
  list: (supplierId: string, params: ListEnquiriesParams) => ['enquiry', supplierId, 'list', params] as const,
  detail: (supplierId: string, id: string) => ['enquiry', supplierId, 'detail', id] as const,
};

export const listEnquiries = async (params: ListEnquiriesParams, signal?: AbortSignal) =>
  // The list shows its own error state with a retry button (or the stored page), so no toast or alert as well.
  withClock(await request(calls.enquiryListByPage, params, { signal, suppressError: true }));

/** Keyed by supplier: two accounts on one device never see each other's enquiries. */
export const listEnquiriesQueryOptions = (supplierId: string, params: ListEnquiriesParams) =>
  queryOptions({
    queryKey: enquiryKeys.list(supplierId, params),
    queryFn: ({ signal }) => listEnquiries(params, signal),
    // Keeps the current page on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
