import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { BidPage } from '@/features/tenders/components/bid-page';

export const Route = createFileRoute('/platform/tenderManagement/$id/bid')({
  // Started, not awaited: the page shows its own loading, not-found and offline states.
  loader: ({ context, params }) => prefetchOwn(context, async (supplierId) => (await import('@/features/tenders/api/get-tender-record')).tenderRecordQueryOptions(supplierId, params.id)),
  component: BidRoutePage,
});

function BidRoutePage() {
  const { id } = Route.useParams();
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <BidPage
      id={id}
      supplierId={session.supplierId}
      supplierCode={session.supplierCode}
      supplierStatus={session.status}
      onQueued={() => void navigate({ to: '/platform/tenderManagement', search: { tenderId: id } })}
    />
  );
}
