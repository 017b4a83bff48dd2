import { calls } from '@contract/calls';
import { queryOptions } from '@tanstack/react-query';
import { request } from '@/api/request';

/** The visitor information saved for the pass holder, or null when none yet. */
export const visitPersonQueryOptions = (pass: string) =>
  queryOptions({
    queryKey: ['visitor', 'person', pass] as const,
    queryFn: ({ signal }) => request(calls.h5GetVisitPersonEntity, { pass }, { signal, background: true, suppressError: true }),
    retry: false,
    // The visitor's, not a logged-in supplier's: the service worker keeps these public answers.
    meta: { persist: false },
  });
