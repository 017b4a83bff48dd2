import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { CommunicationList } from '@/features/communication/components/communication-list';
import { PendingCommunications } from '@/features/communication/components/pending-communications';
import {
  communicationListRequest,
  compactCommunicationSearch,
  resolveCommunicationSearch,
  validateCommunicationSearch,
} from '@/features/communication/communication-search';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/communicateRecord/')({
  validateSearch: validateCommunicationSearch,
  loaderDeps: ({ search: { q, status, page, size } }) => ({ q, status, page, size }),
  // Started, not awaited: the list shows its own loading, error and offline states.
  loader: ({ context, deps }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/communication/api/list-communications')).listCommunicationsQueryOptions(
        supplierId,
        communicationListRequest(resolveCommunicationSearch(deps)),
      ),
    ),
  component: CommunicationListPage,
});

function CommunicationListPage() {
  const { t } = useLingui();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { supplierId } = Route.useRouteContext().session;

  return (
    <>
      <PageHeader
        title={t`沟通记录`}
        description={t`与采购方的问题沟通与回复记录。`}
        actions={
          <Link to="/platform/communicateRecord/new" className="btn btn-primary">
            <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
              <path d="M10.75 4.75a.75.75 0 0 0-1.5 0v4.5h-4.5a.75.75 0 0 0 0 1.5h4.5v4.5a.75.75 0 0 0 1.5 0v-4.5h4.5a.75.75 0 0 0 0-1.5h-4.5v-4.5Z" />
            </svg>
            <Trans>发起沟通</Trans>
          </Link>
        }
      />
      <PendingCommunications supplierId={supplierId} />
      <CommunicationList
        supplierId={supplierId}
        search={resolveCommunicationSearch(search)}
        onSearchChange={(next) => void navigate({ search: compactCommunicationSearch(next), resetScroll: false })}
      />
    </>
  );
}
