import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
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
  void readOwn(context, options);
}

/** `prefetchOwn`, answering when the read is in or failed (never rejects): for `firstReads`. */
export function readOwn<T, K extends QueryKey>(
  context: { queryClient: QueryClient; session: SupplierSession },
  options: (supplierId: string) => Promise<EnsureQueryDataOptions<T, Error, T, K>>,
): Promise<void> {
  return options(context.session.supplierId)
    .then((o) => context.queryClient.ensureQueryData(o))
    .then(
      () => undefined,
      () => undefined,
    );
}

/**
 * How long the first screen of a page load waits for its reads. A cold open of a supplier's
 * screen shows nothing until the app renders it, so waiting costs no paint; a read slower than
 * this (a poor connection) renders the screen with its loading state, as before.
 */
export const FIRST_READS_MS = 1000;

/** The page load's first screen is still to render (set by `startFirstScreen`, from src/main.tsx). */
let firstScreenPending = false;

/**
 * On the first screen of a page load, its loader waits for the screen's reads (at most
 * FIRST_READS_MS) beside its texts and code: the app's first render then draws the rows in one
 * commit, where before it drew the loading skeleton and, a round trip later, a second render and
 * layout of the rows (long tasks on a phone, after the first paint, and the largest paint waiting
 * for them). Later navigations do not wait: the screen shows at once with its loading state (or
 * the rows it has), and a pager's click answers at once. Answers at once there, and in the tests.
 */
export function firstReads(reads: Promise<void>[]): Promise<void> {
  if (!firstScreenPending) return Promise.resolve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const capped = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_READS_MS);
  });
  return Promise.race([Promise.all(reads).then(() => undefined), capped]).finally(() => clearTimeout(timer));
}

/**
 * At the start of a page load (src/main.tsx): the screen the address opens is the first screen
 * (its loader waits for its reads, `firstReads`) until the router first resolves; and its code,
 * every matched route's split-off component with what it imports, starts loading at once. The
 * router asks for that only once every guard (`beforeLoad`) has answered: on a cold open of a
 * supplier's screen that was after the session check, one more round trip before the screen
 * could render. A guard that redirects leaves the code loaded for nothing.
 */
export function startFirstScreen(router: AnyRouter): void {
  firstScreenPending = true;
  const stop = router.subscribe('onResolved', () => {
    firstScreenPending = false;
    stop();
  });
  const routes = router.routesById as Record<string, Parameters<AnyRouter['loadRouteChunk']>[0] | undefined>;
  // In the next task: after what the guard asks for at once (the session check, the stored
  // reads' code), which a phone's few connections then serve first.
  setTimeout(() => {
    try {
      for (const match of router.matchRoutes(router.state.location)) {
        const route = routes[match.routeId];
        if (route) void router.loadRouteChunk(route)?.catch(() => undefined);
      }
    } catch {
      // Left to the router's own load.
    }
  }, 0);
}
