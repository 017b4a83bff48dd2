import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '@/routeTree.gen';
import { PageSpinner } from '@/ui/spinner';
import { queryClient } from './query-client';
import { RouteError, RouteNotFound } from './route-error';

/** The app's router; `history` only for a render outside the browser (src/prerender). */
export function createAppRouter(client: QueryClient = queryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    ...(history ? { history } : {}),
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
