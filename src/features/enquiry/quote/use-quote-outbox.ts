import { useMemo } from 'react';
import { supplierOwner, type OutboxEntry } from '@/offline/db';
import { useOutbox } from '@/offline/use-outbox';
import { isQuoteEntry, queuedQuote } from './quote-thread';

export interface QuoteOutbox {
  /** This enquiry's quotes still on the device, oldest first (any round, any status). */
  entries: OutboxEntry[];
  /** The quotes not refused: queued, being sent, or paused until the supplier logs in again. */
  waiting: OutboxEntry[];
  /** The quotes the bid service refused, kept with its message (for copy, retry or discard). */
  stopped: OutboxEntry[];
  /** The outbox has been read (before that, "nothing waits" is not known yet). */
  loaded: boolean;
}

const byEnquiry = (entries: readonly OutboxEntry[], owner: string) => {
  const map = new Map<string, OutboxEntry[]>();
  for (const entry of entries) {
    if (entry.owner !== owner || !isQuoteEntry(entry)) continue;
    const id = queuedQuote(entry).enquiryId;
    map.set(id, [...(map.get(id) ?? []), entry]);
  }
  return map;
};

/**
 * The quotes of one enquiry still in the outbox, live: the detail page shows the waiting one
 * (instead of a second form for the same round) and the stopped ones with their reason.
 * Classify each with `quoteEntryState` against the enquiry on screen.
 */
export function useQuoteOutbox(supplierId: string, enquiryId: string): QuoteOutbox {
  const { entries, loaded } = useOutbox();
  return useMemo(() => {
    const mine = byEnquiry(entries, supplierOwner(supplierId)).get(enquiryId) ?? [];
    return {
      entries: mine,
      waiting: mine.filter((entry) => entry.status !== 'failed'),
      stopped: mine.filter((entry) => entry.status === 'failed'),
      loaded,
    };
  }, [entries, loaded, supplierId, enquiryId]);
}
