import type { EnquiryDetail } from '@contract/schemas/enquiry';
import type { OutboxEntry } from '@/offline/db';
import type { QuoteValues } from './quote-values';

/**
 * The outbox thread of one round's quote. One thread per round, not per enquiry: a quote the
 * bid service refused (kept on the device, "failed") blocks its thread, and must never hold
 * back the quote of the next round.
 */
export const quoteThread = (enquiryId: string, round: number) => `enquiry:${enquiryId}:${round}`;

const QUOTE_OUTBOX_CALL = 'enquiryQuote' as const;

/** What a queued quote's body holds (the request of `/enquiry/quote` before its letter is uploaded). */
export interface QueuedQuote {
  enquiryId: string;
  round: number;
  currency: string;
  taxIncluded: boolean;
  deliveryDate: string;
  remark: string;
  lines: { lineId: string; price: string }[];
}

export const isQuoteEntry = (entry: Pick<OutboxEntry, 'call'>) => entry.call === QUOTE_OUTBOX_CALL;

/** The quote in an entry's body (whatever was stored; a field of the wrong type reads as empty). */
export function queuedQuote(entry: Pick<OutboxEntry, 'payload'>): QueuedQuote {
  const p = entry.payload;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const lines = Array.isArray(p.lines) ? (p.lines as unknown[]) : [];
  return {
    enquiryId: text(p.enquiryId),
    round: typeof p.round === 'number' ? p.round : 0,
    currency: text(p.currency),
    taxIncluded: p.taxIncluded === true,
    deliveryDate: text(p.deliveryDate),
    remark: text(p.remark),
    lines: lines.flatMap((line) => {
      const l = line as { lineId?: unknown; price?: unknown } | null;
      return l && typeof l.lineId === 'string' && typeof l.price === 'string' ? [{ lineId: l.lineId, price: l.price }] : [];
    }),
  };
}

/**
 * Where a quote in the outbox stands against the enquiry as the bid service last described it:
 * - waiting: queued or being sent (or paused until the supplier logs in again);
 * - stopped: refused with the server's message (past the deadline, enquiry closed, already quoted);
 * - roundChanged: refused because the buyer opened another round while it waited. It is kept,
 *   never applied to the new round: the supplier may copy its prices into the new round's form.
 * A refusal is "round changed" by the round it was written for (older than the enquiry's) or by
 * the bid service's reason roundChanged (the enquiry on screen may be older).
 */
export type QuoteEntryState = 'waiting' | 'paused' | 'stopped' | 'roundChanged';

export function quoteEntryState(
  entry: Pick<OutboxEntry, 'status' | 'payload' | 'lastError'>,
  enquiry: Pick<EnquiryDetail, 'round'>,
): QuoteEntryState {
  if (entry.status === 'paused') return 'paused';
  if (entry.status !== 'failed') return 'waiting';
  const round = queuedQuote(entry).round;
  return round < enquiry.round || entry.lastError?.reason === 'roundChanged' ? 'roundChanged' : 'stopped';
}

/**
 * A refused quote's values for the current round's form: its prices for the lines the enquiry
 * still has (matched by line id), its currency, tax and remark. The delivery date stays the
 * form's own. Answers how many prices were copied.
 */
export function copyQuoteInto(
  current: QuoteValues,
  quote: QueuedQuote,
  lines: readonly { id: string }[],
): { values: QuoteValues; copied: number } {
  const known = new Set(lines.map((line) => line.id));
  const prices = { ...current.prices };
  let copied = 0;
  for (const { lineId, price } of quote.lines) {
    if (!known.has(lineId)) continue;
    prices[lineId] = price;
    copied++;
  }
  return {
    values: {
      ...current,
      currency: quote.currency || current.currency,
      taxIncluded: quote.taxIncluded,
      remark: quote.remark || current.remark,
      prices,
    },
    copied,
  };
}
