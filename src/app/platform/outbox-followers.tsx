import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCommunicationSent } from '@/features/communication/use-communication-sent';
import { useEnquirySent } from '@/features/enquiry/use-enquiry-sent';
import { useTenderSent } from '@/features/tender/use-tender-sent';
import { useVisitSent } from '@/features/visit/use-visit-sent';
import { onRefused } from '@/offline/outbox';

/**
 * Replies, threads, deposits, bids, refunds, quotes and visit applications the outbox sends while
 * any platform screen is open refresh their lists, and say so; a refused one refreshes what is on
 * view. Loaded lazily by the platform layout, after its first render: these hooks bring the
 * outbox and four areas' outbox threads
 * (a dozen scripts), which a screen's first paint does not need. Until they are there, nothing
 * is followed; the layout itself only mounts once its screen has loaded, so the sync engine
 * (started at once when something waits) could always send before anyone followed.
 */
export default function OutboxFollowers({ supplierId }: { supplierId: string }) {
  useCommunicationSent(supplierId);
  useTenderSent(supplierId);
  useEnquirySent(supplierId);
  useVisitSent(supplierId);
  useRefreshOnRefusal();
  return null;
}

/**
 * A write the bid service refused for good says that what the supplier looks at is older than
 * the service's state (the cut-off moved, the status changed): every read on view is read again,
 * so a row never says "2 days left" beside "the bid deadline has passed".
 */
function useRefreshOnRefusal(): void {
  const queryClient = useQueryClient();
  useEffect(() => onRefused(() => void queryClient.invalidateQueries()), [queryClient]);
}
