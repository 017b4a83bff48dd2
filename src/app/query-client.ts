import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

/** Only a network failure is worth a retry; a business answer or a lost session will not change. */
function retry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind !== 'network') return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
