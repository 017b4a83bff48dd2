import { createFileRoute } from '@tanstack/react-router';
import { getSupplierId } from '@/api/session';
import { communicationQueryOptions } from '@/features/communication/api/get-communication';
import { CommunicationDetailView } from '@/features/communication/components/communication-detail';

export const Route = createFileRoute('/platform/communicateRecord/$id')({
  // Started, not awaited: the thread shows its own loading, error and offline states.
  loader: ({ context, params }) => {
    const supplierId = getSupplierId();
    if (supplierId) void context.queryClient.ensureQueryData(communicationQueryOptions(supplierId, params.id)).catch(() => undefined);
  },
  component: CommunicationDetailPage,
});

function CommunicationDetailPage() {
  const { id } = Route.useParams();
  const supplierId = getSupplierId() ?? '';
  return <CommunicationDetailView supplierId={supplierId} id={id} />;
}
