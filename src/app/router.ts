import type { QueryClient } from '@tanstack/react-query';
import { createRouter, parseSearchWith, stringifySearchWith, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { PageSpinner } from '@/ui/spinner';
import { queryClient } from './query-client';
import { RouteError, RouteNotFound } from './route-error';

/** The app's router; `history` only for a render outside the browser (src/prerender). */
/**
 * Plain query strings: every value is read as text (each route's validateSearch reads numbers
 * and flags from text, src/ui/url-search.ts), so an id stays `?tenderId=1` where the default
 * JSON encoding writes `?tenderId=%221%22` to keep it a string.
 */
const asText = (): never => {
  throw new Error('search values stay text');
};
export const parseSearch = parseSearchWith(asText);
export const stringifySearch = stringifySearchWith(JSON.stringify, asText);

export function createAppRouter(client: QueryClient = queryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
    parseSearch,
    stringifySearch,
    context: { queryClient: client },
    defaultPreload: 'intent',
    // Loaders go through React Query, which already caches.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultNotFoundComponent: RouteNotFound,
    defaultErrorComponent: RouteError,
    defaultPendingComponent: PageSpinner,
  });
}

export const router = createAppRouter();
export type AppRouter = typeof router;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
