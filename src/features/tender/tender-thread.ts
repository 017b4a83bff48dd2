import type { MendedEntry } from '@/offline/use-mend-entry';

/**
 * The outbox thread of one tender record: its deposit, bid (a replacement, a withdrawal) and
 * refund are sent in the order they were written (FIFO per thread), and a record shows what
 * still waits in it.
 */
export const tenderThread = (recordId: string) => `tender:${recordId}`;

/** The outbox calls of tender records. */
const TENDER_OUTBOX_CALLS = ['tenderPayDeposit', 'tenderSubmitBid', 'tenderReplaceBid', 'tenderWithdrawBid', 'tenderApplyRefund'] as const;
export type TenderOutboxCall = (typeof TENDER_OUTBOX_CALLS)[number];

export const isTenderOutboxCall = (call: string): call is TenderOutboxCall => (TENDER_OUTBOX_CALLS as readonly string[]).includes(call);

/** The entry a form mends, when it is this record's write of that call (a link may name any entry). */
export const mendedWrite = (mending: MendedEntry | null, call: TenderOutboxCall, recordId: string): MendedEntry | null =>
  mending?.entry.call === call && mending.entry.payload.tenderRecordId === recordId ? mending : null;
