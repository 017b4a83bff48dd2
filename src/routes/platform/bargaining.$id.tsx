import { createFileRoute } from '@tanstack/react-router';
import { firstReads, readOwn } from '@/app/prefetch';
import { EnquiryDetailView } from '@/features/enquiry/components/enquiry-detail';

export const Route = createFileRoute('/platform/bargaining/$id')({
  // Started, not awaited (but on a page load's first screen, briefly: src/app/prefetch.ts): the
  // enquiry shows its own loading, not-found and offline states.
  loader: ({ context, params }) =>
    firstReads([
      readOwn(context, async (supplierId) =>
        (await import('@/features/enquiry/api/get-enquiry')).enquiryQueryOptions(supplierId, params.id),
      ),
    ]),
  component: EnquiryDetailPage,
});

function EnquiryDetailPage() {
  const { id } = Route.useParams();
  const { session } = Route.useRouteContext();
  return <EnquiryDetailView supplierId={session.supplierId} id={id} />;
}
