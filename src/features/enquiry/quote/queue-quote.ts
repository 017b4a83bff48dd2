import type { Locale } from '@contract/locales';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { formatMoney } from '@/ui/format';
import { quoteThread } from './quote-thread';
import { quotePayload, runningTotal, type QuoteValues } from './quote-values';

export interface QueueQuoteInput {
  supplierId: string;
  enquiry: Pick<EnquiryDetail, 'id' | 'enquiryNo' | 'round' | 'deadline' | 'lines'>;
  values: QuoteValues;
  /** The filled inquiry letter, if the supplier attaches one. */
  letter: File | null;
  /** A refused quote this one mends (its prices copied into this round): it takes that entry's place. */
  replaces?: string;
}

/**
 * Writes the quote to the outbox first (DESIGN.md section 4): one entry per round, its letter
 * in the named file field `letter`, the round's deadline as the entry's deadline (warned about
 * on the enquiry, on /pending and in the indicator within 24 hours, kept when missed). The sync
 * engine sends `/enquiry/quote` once, with an idempotency key, when a valid token and the
 * network are there. The summary names what /pending shows: enquiry no, round and total.
 * Throws StorageFullError when the device has no room (nothing is written then).
 */
export function queueQuote({ supplierId, enquiry, values, letter, replaces }: QueueQuoteInput) {
  const payload = quotePayload(enquiry, values);
  const total = formatMoney(runningTotal(enquiry.lines, values.prices).total, i18n.locale as Locale, payload.currency);
  const { enquiryNo, round } = enquiry;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: quoteThread(enquiry.id, enquiry.round),
    call: 'enquiryQuote',
    payload: { ...payload },
    files: [{ field: 'letter', files: letter ? [letter] : [], label: i18n._(msg`询价函`) }],
    deadline: Date.parse(enquiry.deadline),
    summary: i18n._(msg`报价：${enquiryNo}，第 ${round} 轮，合计 ${total}`),
    ...(replaces ? { replaces } : {}),
  });
}
