import { createFileRoute } from '@tanstack/react-router';
import { prefetchOwn } from '@/app/prefetch';
import { BidPage } from '@/features/tender/components/bid-page';
import { searchText } from '@/ui/url-search';

/**
 * `?mend=<entry>`: a bid the bid service refused, opened in the form with its files to correct and submit again.
 * `?replace=true`: a new version of the bid that stands, replacing it (a refused replacement is mended so too).
 */
interface BidSearch {
  mend?: string;
  replace?: true;
}

export const Route = createFileRoute('/platform/tenderManagement/$id/bid')({
  validateSearch: (raw: Record<string, unknown>): BidSearch => {
    const mend = searchText(raw.mend, 64);
    const replace = raw.replace === true || raw.replace === 'true';
    return { ...(mend ? { mend } : {}), ...(replace ? { replace: true as const } : {}) };
  },
  // Started, not awaited: the page shows its own loading, not-found and offline states.
  loader: ({ context, params }) =>
    prefetchOwn(context, async (supplierId) =>
      (await import('@/features/tender/api/get-tender-record')).tenderRecordQueryOptions(supplierId, params.id),
    ),
  component: BidRoutePage,
});

function BidRoutePage() {
  const { id } = Route.useParams();
  const { mend, replace } = Route.useSearch();
  const { session } = Route.useRouteContext();
  const navigate = Route.useNavigate();
  return (
    <BidPage
      id={id}
      mend={mend}
      replace={replace === true}
      supplierId={session.supplierId}
      supplierCode={session.supplierCode}
      supplierStatus={session.status}
      onQueued={() => void navigate({ to: '/platform/tenderManagement', search: { tenderId: id } })}
    />
  );
}
