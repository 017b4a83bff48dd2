import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { ToastHost } from '@/ui/toast';

/** Unit-test helper (only test files import it): a screen under a memory router with a fresh query cache. */
export function renderScreen(path: string, Screen: FunctionComponent, stubs: string[] = []) {
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const screenRoute = createRoute({ getParentRoute: () => root, path, component: Screen });
  const stubRoutes = stubs.map((stub) => createRoute({ getParentRoute: () => root, path: stub, component: () => <p>{`STUB ${stub}`}</p> }));
  const router = createRouter({ routeTree: root.addChildren([screenRoute, ...stubRoutes]), history: createMemoryHistory({ initialEntries: [path] }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}
