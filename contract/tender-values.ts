import type { MessageKey } from './messages';

/**
 * Where a supplier's tender record stands, and which action may move it on (SPEC.md section 4
 * names no values; our decision, drawn in docs/decisions/tender-records.md). Without zod: the portal's
 * list, its route search and the actions table need these on screens that load no schemas.
 *
 * signedUp ──payDeposit──▶ depositSubmitted ──confirm (buyer)──▶ depositConfirmed ──submitBid──▶ bidSubmitted ⟲ replaceBid
 *    ▲                        │ reject (buyer, reason)                                              │ announce (buyer)
 *    └──payDeposit── depositRejected ◀┘                                                  won ◀──────┴──────▶ lost
 *                                                                        lost ──applyRefund──▶ refundRequested ──refund (buyer, voucher)──▶ refunded
 *
 * Before the cut-off a submitted bid may be replaced (replaceBid: a new version, the record stays
 * bidSubmitted) or withdrawn (withdrawBid: back to depositConfirmed, where a new bid may follow).
 * A notice without a deposit signs up straight into depositConfirmed. Announcing the result
 * closes the notice; every record of it that is not won becomes lost (a lost record whose
 * deposit was never confirmed has nothing to refund).
 */
export const TENDER_STATUSES = [
  'signedUp',
  'depositSubmitted',
  'depositRejected',
  'depositConfirmed',
  'bidSubmitted',
  'won',
  'lost',
  'refundRequested',
  'refunded',
] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];

/** The list's "win status" column, derived from the status. */
export type WinStatus = 'pending' | 'won' | 'lost';
/** The list's "refund status" column, derived from the status and the deposit. */
export type RefundStatus = 'none' | 'notRefundable' | 'refundable' | 'requested' | 'refunded';

export function winStatusOf(status: TenderStatus): WinStatus {
  if (status === 'won') return 'won';
  if (status === 'lost' || status === 'refundRequested' || status === 'refunded') return 'lost';
  return 'pending';
}

export function refundStatusOf(status: TenderStatus, depositConfirmed: boolean): RefundStatus {
  if (status === 'refunded') return 'refunded';
  if (status === 'refundRequested') return 'requested';
  if (status === 'lost') return depositConfirmed ? 'refundable' : 'none';
  // The winner's deposit is kept as the performance security (settled with the contract).
  if (status === 'won') return depositConfirmed ? 'notRefundable' : 'none';
  return 'none';
}

/** The supplier's writes on a record; `signUp` creates one. */
export const TENDER_ACTIONS = ['payDeposit', 'submitBid', 'replaceBid', 'withdrawBid', 'applyRefund'] as const;
export type TenderAction = (typeof TENDER_ACTIONS)[number];

/**
 * Which statuses each supplier action may start from, and whether it must reach the bid
 * service before the notice's cut-off time. The bid service enforces this table (E409) and
 * the portal greys out an action with the reason of `actionBlock`.
 */
export const TENDER_TRANSITIONS: Record<TenderAction, { from: readonly TenderStatus[]; to: TenderStatus; beforeDeadline: boolean }> = {
  payDeposit: { from: ['signedUp', 'depositRejected'], to: 'depositSubmitted', beforeDeadline: true },
  submitBid: { from: ['depositConfirmed'], to: 'bidSubmitted', beforeDeadline: true },
  // A submitted bid is never edited: a replacement is a new version, a withdrawal returns the
  // record to where a new bid may be submitted (PRC Bidding Law art. 29; docs/decisions/bid-versions.md).
  replaceBid: { from: ['bidSubmitted'], to: 'bidSubmitted', beforeDeadline: true },
  withdrawBid: { from: ['bidSubmitted'], to: 'depositConfirmed', beforeDeadline: true },
  applyRefund: { from: ['lost'], to: 'refundRequested', beforeDeadline: false },
};

/** Why an action is not open on a record now (a key of contract/messages.ts), or null when it is. */
export function actionBlock(
  action: TenderAction,
  record: { status: TenderStatus; depositConfirmed: boolean; cutoffTime: string },
  now: number,
): MessageKey | null {
  const rule = TENDER_TRANSITIONS[action];
  if (action === 'applyRefund') {
    if (record.status === 'refundRequested') return 'refundAlreadyRequested';
    if (record.status === 'refunded') return 'refundAlreadyDone';
    if (record.status === 'won') return 'refundNotForWinner';
    if (record.status === 'lost' && !record.depositConfirmed) return 'refundNoDeposit';
    if (!rule.from.includes(record.status)) return 'refundBeforeResult';
    return null;
  }
  if (action === 'payDeposit') {
    if (record.status === 'depositSubmitted') return 'depositAwaitingReview';
    if (!rule.from.includes(record.status))
      return record.depositConfirmed || record.status === 'depositConfirmed' ? 'depositAlreadyConfirmed' : 'conflict';
  }
  if (action === 'submitBid') {
    if (
      record.status === 'bidSubmitted' ||
      record.status === 'won' ||
      record.status === 'lost' ||
      record.status === 'refundRequested' ||
      record.status === 'refunded'
    ) {
      return record.status === 'bidSubmitted' ? 'bidAlreadySubmitted' : 'conflict';
    }
    if (!rule.from.includes(record.status)) return 'bidNeedsConfirmedDeposit';
  }
  if ((action === 'replaceBid' || action === 'withdrawBid') && !rule.from.includes(record.status))
    return ['won', 'lost', 'refundRequested', 'refunded'].includes(record.status) ? 'conflict' : 'bidNotSubmitted';
  if (rule.beforeDeadline && Date.parse(record.cutoffTime) <= now) return 'pastDeadline';
  return null;
}

/** The longest refund remark the bid service takes (tenderApplyRefundRequest); the dialog counts to it. */
export const REFUND_REMARK_MAX = 500;

/** Deposit types (dictionary `depositType`, labels from the bid service). */
export const DEPOSIT_TYPES = ['transfer', 'guarantee', 'draft'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

/** Statuses the supplier may still act on (SPEC.md section 4: "pending"). */
export const PENDING_TENDER_STATUSES: readonly TenderStatus[] = ['signedUp', 'depositRejected', 'depositConfirmed', 'lost'];

/** How long before a cut-off time a waiting submission is warned about (DESIGN.md section 4). */
export const DEADLINE_WARNING_MS = 24 * 3600_000;

/** The declared deposit must be the notice's to the cent (the bid service refuses another; the dialog says so while typing). */
export const depositMatchesRequired = (amount: number, requiredDeposit: number): boolean =>
  Math.round(amount * 100) === Math.round(requiredDeposit * 100);

/** Questions on a notice close this long before its cut-off, unless the buyer set another time (docs/decisions/notice-questions.md). */
const QUESTIONS_CLOSE_BEFORE_CUTOFF_MS = 3 * 24 * 3600_000;

/**
 * When a notice stops taking questions: the time the buyer set, else 3 days before the cut-off;
 * never after the cut-off (closing a notice early closes its questions with it).
 */
export function questionsCloseAt(cutoffTime: string, setByBuyer: string | null): string {
  const cutoff = Date.parse(cutoffTime);
  const closes = setByBuyer === null ? cutoff - QUESTIONS_CLOSE_BEFORE_CUTOFF_MS : Math.min(Date.parse(setByBuyer), cutoff);
  return new Date(closes).toISOString();
}
