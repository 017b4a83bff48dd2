import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { VisitListView } from '@/features/visit/components/visit-list';
import { compactVisitSearch, resolveVisitSearch, validateVisitSearch, visitListRequest } from '@/features/visit/visit-search';

export const Route = createFileRoute('/platform/visitorApplyNew/')({
  validateSearch: validateVisitSearch,
  loaderDeps: ({ search: { q, status, page, size } }) => ({ q, status, page, size }),
  // Started, not awaited: the list shows its own loading, error and offline states.
  loader: ({ context, deps }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/visit/api/list-visit-applications')).listVisitApplicationsQueryOptions(
        supplierId,
        visitListRequest(resolveVisitSearch(deps)),
      ),
    ),
  component: VisitListPage,
});

function VisitListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <VisitListView
      supplierId={session.supplierId}
      search={resolveVisitSearch(search)}
      onSearchChange={(next, options) => void navigate({ search: compactVisitSearch(next), replace: options?.replace, resetScroll: false })}
    />
  );
}
