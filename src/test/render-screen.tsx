import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { ToastHost } from '@/ui/toast';

export interface ScreenOptions {
  /** Where the memory history starts (a path with its search); the screen's own path by default. */
  at?: string;
  /** The screen route's search validation, as the real route declares it. */
  validateSearch?: (search: Record<string, unknown>) => object;
  /** Routes the screen links to, each with what it shows there (a plain "STUB <path>" for the `stubs` argument). */
  links?: ReadonlyArray<readonly [path: string, Component: FunctionComponent]>;
  queryClient?: QueryClient;
}

/** Unit-test helper (only test files import it): a screen under a memory router with a fresh query cache. */
export function renderScreen(path: string, Screen: FunctionComponent, stubs: string[] = [], options: ScreenOptions = {}) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const screenRoute = createRoute({
    getParentRoute: () => root,
    path,
    component: Screen,
    ...(options.validateSearch ? { validateSearch: options.validateSearch } : {}),
  });
  const links: ReadonlyArray<readonly [string, FunctionComponent]> = [
    ...stubs.map((stub) => [stub, () => <p>{`STUB ${stub}`}</p>] as const),
    ...(options.links ?? []),
  ];
  const linkRoutes = links.map(([to, Component]) => createRoute({ getParentRoute: () => root, path: to, component: Component }));
  const router = createRouter({
    routeTree: root.addChildren([screenRoute, ...linkRoutes]),
    history: createMemoryHistory({ initialEntries: [options.at ?? path] }),
  });
  const queryClient = options.queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}
