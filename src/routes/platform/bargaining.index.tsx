import { createFileRoute } from '@tanstack/react-router';
import { firstReads, readOwn } from '@/app/prefetch';
import { EnquiryListView } from '@/features/enquiry/components/enquiry-list-view';
import { compactEnquirySearch, enquiryListRequest, resolveEnquirySearch, validateEnquirySearch } from '@/features/enquiry/enquiry-search';

export const Route = createFileRoute('/platform/bargaining/')({
  validateSearch: validateEnquirySearch,
  loaderDeps: ({ search: { q, replyStatus, businessStatus, page, size } }) => ({ q, replyStatus, businessStatus, page, size }),
  // Started, not awaited (but on a page load's first screen, briefly: src/app/prefetch.ts): the
  // list shows its own loading, error and offline states.
  loader: ({ context, deps }) =>
    firstReads([
      readOwn(context, async (supplierId) =>
        (await import('@/features/enquiry/api/list-enquiries')).listEnquiriesQueryOptions(
          supplierId,
          enquiryListRequest(resolveEnquirySearch(deps)),
        ),
      ),
    ]),
  component: EnquiryListPage,
});

function EnquiryListPage() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { session } = Route.useRouteContext();
  return (
    <EnquiryListView
      supplierId={session.supplierId}
      search={resolveEnquirySearch(search)}
      onSearchChange={(next, options) =>
        void navigate({ search: compactEnquirySearch(next), replace: options?.replace, resetScroll: false })
      }
    />
  );
}
