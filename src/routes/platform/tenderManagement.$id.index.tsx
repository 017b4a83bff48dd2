import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { TenderDetailView } from '@/features/tender/components/tender-detail';

export const Route = createFileRoute('/platform/tenderManagement/$id/')({
  // Started, not awaited: the record shows its own loading, not-found and offline states.
  loader: ({ context, params }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/tender/api/get-tender-record')).tenderRecordQueryOptions(supplierId, params.id),
    ),
  component: TenderDetailPage,
});

function TenderDetailPage() {
  const { id } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <TenderDetailView supplierId={session.supplierId} supplierCode={session.supplierCode} supplierStatus={session.status} id={id} />;
}
