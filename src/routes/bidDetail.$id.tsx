import { createFileRoute } from '@tanstack/react-router';
import { noticeQueryOptions } from '@/features/bids/api/get-notice';
import { NoticeDetailView } from '@/features/bids/components/notice-detail';

export const Route = createFileRoute('/bidDetail/$id')({
  // Not awaited: the view has its own loading, not-found and retry states.
  loader: ({ context, params }) => {
    void context.queryClient.ensureQueryData(noticeQueryOptions(params.id)).catch(() => undefined);
  },
  component: BidDetailPage,
});

function BidDetailPage() {
  const { id } = Route.useParams();
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-8">
      <NoticeDetailView id={id} />
    </div>
  );
}
