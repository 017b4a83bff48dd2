import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SupplierSession } from '@/api/session';

/**
 * Starts (does not await) a logged-in screen's first read from its route loader, for the
 * supplier of the route context's `session` (the platform route's guard put it there). The query
 * options come through a dynamic import: route definitions are in everyone's first load (the
 * `routes` chunk, vite.config.ts), the api module of a screen `/login` never shows is not. The
 * screen shows its own loading, error and offline states; a failure here is its to show.
 */
export function prefetchOwn<T, K extends QueryKey>(
  context: { queryClient: QueryClient; session: SupplierSession },
  options: (supplierId: string) => Promise<EnsureQueryDataOptions<T, Error, T, K>>,
): void {
  void options(context.session.supplierId)
    .then((o) => context.queryClient.ensureQueryData(o))
    .catch(() => undefined);
}
