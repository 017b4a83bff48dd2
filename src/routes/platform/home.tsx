import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { HomeDashboard } from '@/features/home/components/home-dashboard';
import { compactHomeSearch, messageListRequest, resolveHomeSearch, todoListRequest, validateHomeSearch } from '@/features/home/home-search';
import { loadArea } from '@/locales/i18n';

export const Route = createFileRoute('/platform/home')({
  validateSearch: validateHomeSearch,
  // The to-do and message texts are a catalog of their own (precached: works offline).
  beforeLoad: () => loadArea('home'),
  loaderDeps: ({ search: { todoPage, todoSize, messagePage, messageSize, unreadOnly } }) => ({ todoPage, todoSize, messagePage, messageSize, unreadOnly }),
  // Started, not awaited: each list shows its own loading, error and offline states.
  loader: ({ context, deps }) => {
    const search = resolveHomeSearch(deps);
    prefetchOwn(context, async (supplierId) => (await import('@/features/home/api/list-todos')).todoListQueryOptions(supplierId, todoListRequest(search)));
    prefetchOwn(context, async (supplierId) => (await import('@/features/home/api/list-messages')).messageListQueryOptions(supplierId, messageListRequest(search)));
  },
  component: HomePage,
});

function HomePage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <HomeDashboard
      session={session}
      search={resolveHomeSearch(search)}
      onSearchChange={(next) => void navigate({ search: compactHomeSearch(next), resetScroll: false })}
    />
  );
}
