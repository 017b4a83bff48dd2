import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { CommunicationDetailView } from '@/features/communication/components/communication-detail';
import { searchText } from '@/ui/url-search';

/** `?mend=<entry>`: a reply the bid service refused, opened in the reply form to correct and send again. */
interface ThreadSearch {
  mend?: string;
}

export const Route = createFileRoute('/platform/communicateRecord/$id')({
  validateSearch: (raw: Record<string, unknown>): ThreadSearch => {
    const mend = searchText(raw.mend, 64);
    return mend ? { mend } : {};
  },
  // Started, not awaited: the thread shows its own loading, error and offline states.
  loader: ({ context, params }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/communication/api/get-communication')).communicationQueryOptions(supplierId, params.id),
    ),
  component: CommunicationDetailPage,
});

function CommunicationDetailPage() {
  const { id } = Route.useParams();
  const { mend } = Route.useSearch();
  const { supplierId, contactName } = Route.useRouteContext().session;
  return <CommunicationDetailView supplierId={supplierId} contactName={contactName} id={id} mend={mend} />;
}
