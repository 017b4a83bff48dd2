import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { getSupplierId } from '@/api/session';

/**
 * Starts (does not await) a logged-in screen's first read from its route loader. The query
 * options come through a dynamic import: route definitions are in everyone's first load (the
 * `routes` chunk, vite.config.ts), the api module of a screen `/login` never shows is not. The
 * screen shows its own loading, error and offline states; a failure here is its to show.
 */
export function prefetchOwn<T, K extends QueryKey>(client: QueryClient, options: (supplierId: string) => Promise<EnsureQueryDataOptions<T, Error, T, K>>): void {
  const supplierId = getSupplierId();
  if (!supplierId) return;
  void options(supplierId)
    .then((o) => client.ensureQueryData(o))
    .catch(() => undefined);
}
