import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider, useParams, useSearch } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { logIn } from '@/offline/test-helpers';
import { ToastHost } from '@/ui/toast';
import { HomeDashboard } from '../components/home-dashboard';
import { compactHomeSearch, resolveHomeSearch, validateHomeSearch } from '../home-search';

/** Where the home's links go: "STUB <name> <id>" or "STUB visit new copy=<id>". */
function Stub({ name }: { name: string }) {
  const params = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as { copy?: string };
  return <p>{params.id ? `STUB ${name} ${params.id}` : `STUB ${name} copy=${search.copy ?? ''}`}</p>;
}

/** Unit-test helper (only test files import it): the home page under a memory router, with stubs where its links go. */
export function renderHome(initial = '/platform/home', queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  logIn('s1');
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const home = createRoute({
    getParentRoute: () => root,
    path: '/platform/home',
    validateSearch: validateHomeSearch,
    component: function HomeScreen() {
      const search = home.useSearch();
      const navigate = home.useNavigate();
      return <HomeDashboard supplierId="s1" search={resolveHomeSearch(search)} onSearchChange={(next) => void navigate({ search: compactHomeSearch(next) as never })} />;
    },
  });
  const stubs = (
    [
      ['/platform/tenderManagement/$id', 'tender'],
      ['/platform/bargaining/$id', 'enquiry'],
      ['/platform/communicateRecord/$id', 'thread'],
      ['/platform/visitorApplyNew/new', 'visit new'],
      ['/platform/visitorApplyNew/$id', 'visit'],
    ] as const
  ).map(([path, name]) => createRoute({ getParentRoute: () => root, path, component: () => <Stub name={name} /> }));
  const router = createRouter({ routeTree: root.addChildren([home, ...stubs]), history: createMemoryHistory({ initialEntries: [initial] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}
