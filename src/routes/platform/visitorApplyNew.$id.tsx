import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { VisitDetailView } from '@/features/visit/components/visit-detail';

export const Route = createFileRoute('/platform/visitorApplyNew/$id')({
  // Started, not awaited: the application shows its own loading, not-found and offline states.
  loader: ({ context, params }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/visit/api/get-visit-application')).visitApplicationQueryOptions(supplierId, params.id),
    ),
  component: VisitDetailPage,
});

function VisitDetailPage() {
  const { id } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <VisitDetailView supplierId={session.supplierId} id={id} />;
}
