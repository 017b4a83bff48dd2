import { createFileRoute } from '@tanstack/react-router';
import { getLoginInfo, getSupplierId } from '@/api/session';
import { prefetchOwn } from '@/app/prefetch';
import { BidPage } from '@/features/tenders/components/bid-page';

export const Route = createFileRoute('/platform/tenderManagement/$id/bid')({
  // Started, not awaited: the page shows its own loading, not-found and offline states.
  loader: ({ context, params }) => prefetchOwn(context.queryClient, async (supplierId) => (await import('@/features/tenders/api/get-tender-record')).tenderRecordQueryOptions(supplierId, params.id)),
  component: BidRoutePage,
});

function BidRoutePage() {
  const { id } = Route.useParams();
  const { supplierStatus } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <BidPage
      id={id}
      supplierId={getSupplierId() ?? ''}
      supplierCode={getLoginInfo()?.supplierCode ?? ''}
      supplierStatus={supplierStatus}
      onQueued={() => void navigate({ to: '/platform/tenderManagement', search: { tenderId: id } })}
    />
  );
}
