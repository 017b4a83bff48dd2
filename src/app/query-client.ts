import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';
import { deviceOnline } from '@/api/network-policy';

/**
 * Only a network failure is worth a retry, and only while the device has a network: a business
 * answer or a lost session will not change, and offline the screen should show what it has
 * stored (or its failed state) at once rather than after the retries.
 */
function retry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind !== 'network') return false;
  return deviceOnline() && failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // `always`: a read is tried even when the device says it is offline. The service worker may
      // answer it from its store, and otherwise it fails at once, so the screen shows its stored
      // answer with its age, or its failed state with a retry, instead of waiting, paused.
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
