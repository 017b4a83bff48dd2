import { createFileRoute } from '@tanstack/react-router';
import { getLoginInfo, getSupplierId } from '@/api/session';
import { prefetchOwn } from '@/app/prefetch';
import { TenderManagementView } from '@/features/tenders/components/tender-management';
import { compactTenderSearch, resolveTenderSearch, tenderListRequest, validateTenderSearch } from '@/features/tenders/tender-search';

export const Route = createFileRoute('/platform/tenderManagement/')({
  validateSearch: validateTenderSearch,
  loaderDeps: ({ search: { q, status, page, size } }) => ({ q, status, page, size }),
  // Started, not awaited: the list shows its own loading, error and offline states.
  loader: ({ context, deps }) =>
    prefetchOwn(context.queryClient, async (supplierId) => (await import('@/features/tenders/api/list-tender-records')).listTenderRecordsQueryOptions(supplierId, tenderListRequest(resolveTenderSearch(deps)))),
  component: TenderManagementPage,
});

function TenderManagementPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { supplierStatus } = Route.useRouteContext();
  return (
    <TenderManagementView
      supplierId={getSupplierId() ?? ''}
      supplierCode={getLoginInfo()?.supplierCode ?? ''}
      supplierStatus={supplierStatus}
      search={resolveTenderSearch(search)}
      onSearchChange={(next, options) => void navigate({ search: compactTenderSearch(next), replace: options?.replace, resetScroll: false })}
    />
  );
}
