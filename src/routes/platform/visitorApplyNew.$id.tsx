import { createFileRoute } from '@tanstack/react-router';
import { getSupplierId } from '@/api/session';
import { prefetchOwn } from '@/app/prefetch';
import { VisitDetailView } from '@/features/visits/components/visit-detail';

export const Route = createFileRoute('/platform/visitorApplyNew/$id')({
  // Started, not awaited: the application shows its own loading, not-found and offline states.
  loader: ({ context, params }) => prefetchOwn(context.queryClient, async (supplierId) => (await import('@/features/visits/api/get-visit-application')).visitApplicationQueryOptions(supplierId, params.id)),
  component: VisitDetailPage,
});

function VisitDetailPage() {
  const { id } = Route.useParams();
  return <VisitDetailView supplierId={getSupplierId() ?? ''} id={id} />;
}
