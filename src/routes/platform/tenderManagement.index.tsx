import { createFileRoute } from '@tanstack/react-router';
import { firstReads, readOwn } from '@/app/prefetch';
import { TenderManagementView } from '@/features/tender/components/tender-management';
import { compactTenderSearch, resolveTenderSearch, tenderListRequest, validateTenderSearch } from '@/features/tender/tender-search';

export const Route = createFileRoute('/platform/tenderManagement/')({
  validateSearch: validateTenderSearch,
  loaderDeps: ({ search: { q, status, page, size } }) => ({ q, status, page, size }),
  // Started, not awaited (but on a page load's first screen, briefly: src/app/prefetch.ts): the
  // list shows its own loading, error and offline states.
  loader: ({ context, deps }) =>
    firstReads([
      readOwn(context, async (supplierId) =>
        (await import('@/features/tender/api/list-tender-records')).listTenderRecordsQueryOptions(
          supplierId,
          tenderListRequest(resolveTenderSearch(deps)),
        ),
      ),
    ]),
  component: TenderManagementPage,
});

function TenderManagementPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <TenderManagementView
      supplierId={session.supplierId}
      supplierCode={session.supplierCode}
      supplierStatus={session.status}
      search={resolveTenderSearch(search)}
      onSearchChange={(next, options) =>
        void navigate({ search: compactTenderSearch(next), replace: options?.replace, resetScroll: false })
      }
    />
  );
}
