import { createFileRoute } from '@tanstack/react-router';
import { prefetchNotice } from '@/features/notice/api/get-notice';
import { NoticeDetailView } from '@/features/notice/components/notice-detail';

export const Route = createFileRoute('/bidDetail/$id')({
  loader: ({ context, params }) => prefetchNotice(context.queryClient, params.id),
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
