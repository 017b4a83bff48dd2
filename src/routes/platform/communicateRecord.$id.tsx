import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { CommunicationDetailView } from '@/features/communication/components/communication-detail';

export const Route = createFileRoute('/platform/communicateRecord/$id')({
  // Started, not awaited: the thread shows its own loading, error and offline states.
  loader: ({ context, params }) => prefetchOwn(context, async (supplierId) => (await import('@/features/communication/api/get-communication')).communicationQueryOptions(supplierId, params.id)),
  component: CommunicationDetailPage,
});

function CommunicationDetailPage() {
  const { id } = Route.useParams();
  const { supplierId, contactName } = Route.useRouteContext().session;
  return <CommunicationDetailView supplierId={supplierId} contactName={contactName} id={id} />;
}
