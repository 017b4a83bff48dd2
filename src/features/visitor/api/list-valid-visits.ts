import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** The pass holder's approved visits that have not ended. */
export const validVisitsQueryOptions = (pass: string, visitorId: string) =>
  queryOptions({
    queryKey: ['visitor', 'visits', pass] as const,
    queryFn: ({ signal }) =>
      request(calls.h5GetValidItemByVisitorId, { pass, visitorId }, { signal, background: true, suppressError: true }),
    retry: false,
    // The visitor's, not a logged-in supplier's: the service worker keeps these public answers.
    meta: { persist: false },
  });
