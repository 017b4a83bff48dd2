import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { useEffect, useRef } from 'react';
import { onSent } from '@/offline/outbox';
import { isQuoteEntry, queuedQuote } from './quote-thread';

/**
 * Hears the sync engine (in this tab) report a quote as accepted: `handler` gets the enquiry
 * and round it answered, and the bid service's answer (the enquiry as it stands now), so a
 * screen can refresh its enquiry and say so.
 */
export function useQuoteSent(handler: (sent: { enquiryId: string; round: number; result: EnquiryDetail | null }) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(
    () =>
      onSent((entry, result) => {
        if (!isQuoteEntry(entry)) return;
        const { enquiryId, round } = queuedQuote(entry);
        const detail = result && typeof result === 'object' && 'lines' in result ? (result as EnquiryDetail) : null;
        latest.current({ enquiryId, round, result: detail });
      }),
    [],
  );
}
