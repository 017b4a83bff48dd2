import type { ReplyStatus } from '@contract/enquiry-values';

/**
 * The reply status to show now. The bid service judged it when it answered; a page kept on the
 * device (offline, or from the persisted cache) may be older than the round's deadline, so a
 * "pending" whose deadline has passed on the bid service's clock reads as missed.
 */
export function replyStatusNow(enquiry: { replyStatus: ReplyStatus; deadline: string }, now: number): ReplyStatus {
  return enquiry.replyStatus === 'pending' && Date.parse(enquiry.deadline) <= now ? 'missed' : enquiry.replyStatus;
}

/** Whether the current round still waits for this supplier's quote (the countdown is worth showing). */
export const awaitsQuote = (enquiry: { replyStatus: ReplyStatus; deadline: string }, now: number) =>
  replyStatusNow(enquiry, now) === 'pending';
