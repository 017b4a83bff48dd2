import { describe, expect, it } from 'vitest';
import type { MessageKey } from './messages';
import { isMessageKey } from './messages';
import {
  actionBlock,
  PENDING_TENDER_STATUSES,
  refundStatusOf,
  TENDER_ACTIONS,
  TENDER_STATUSES,
  TENDER_TRANSITIONS,
  winStatusOf,
  type RefundStatus,
  type TenderAction,
  type TenderStatus,
  type WinStatus,
} from './tender-values';

const CUTOFF = '2026-12-01T10:00:00+08:00';
const cutoffMs = Date.parse(CUTOFF);
const BEFORE = cutoffMs - 60_000;
const AT = cutoffMs;
const AFTER = cutoffMs + 60_000;

type Outcome = MessageKey | null;
/** [before the cut-off, at or after it] */
type Pair = [Outcome, Outcome];

/**
 * The whole state-to-actions table, written out by hand (not derived from the code under
 * test): for every status, with the deposit confirmed and not, what each action answers
 * before and after the cut-off time.
 */
const TABLE: Record<TenderStatus, Record<'confirmed' | 'unconfirmed', Record<TenderAction, Pair>>> = {
  signedUp: {
    confirmed: {
      payDeposit: [null, 'pastDeadline'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
    unconfirmed: {
      payDeposit: [null, 'pastDeadline'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
  },
  depositSubmitted: {
    confirmed: {
      payDeposit: ['depositAwaitingReview', 'depositAwaitingReview'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
    unconfirmed: {
      payDeposit: ['depositAwaitingReview', 'depositAwaitingReview'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
  },
  depositRejected: {
    confirmed: {
      payDeposit: [null, 'pastDeadline'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
    unconfirmed: {
      payDeposit: [null, 'pastDeadline'],
      submitBid: ['bidNeedsConfirmedDeposit', 'bidNeedsConfirmedDeposit'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
  },
  depositConfirmed: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: [null, 'pastDeadline'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
    // A notice without a deposit signs up straight into depositConfirmed.
    unconfirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: [null, 'pastDeadline'],
      replaceBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      withdrawBid: ['bidNotSubmitted', 'bidNotSubmitted'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
  },
  bidSubmitted: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: ['bidAlreadySubmitted', 'bidAlreadySubmitted'],
      replaceBid: [null, 'pastDeadline'],
      withdrawBid: [null, 'pastDeadline'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
    unconfirmed: {
      payDeposit: ['conflict', 'conflict'],
      submitBid: ['bidAlreadySubmitted', 'bidAlreadySubmitted'],
      replaceBid: [null, 'pastDeadline'],
      withdrawBid: [null, 'pastDeadline'],
      applyRefund: ['refundBeforeResult', 'refundBeforeResult'],
    },
  },
  won: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundNotForWinner', 'refundNotForWinner'],
    },
    unconfirmed: {
      payDeposit: ['conflict', 'conflict'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundNotForWinner', 'refundNotForWinner'],
    },
  },
  lost: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: [null, null],
    },
    unconfirmed: {
      payDeposit: ['conflict', 'conflict'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundNoDeposit', 'refundNoDeposit'],
    },
  },
  refundRequested: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundAlreadyRequested', 'refundAlreadyRequested'],
    },
    unconfirmed: {
      payDeposit: ['conflict', 'conflict'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundAlreadyRequested', 'refundAlreadyRequested'],
    },
  },
  refunded: {
    confirmed: {
      payDeposit: ['depositAlreadyConfirmed', 'depositAlreadyConfirmed'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundAlreadyDone', 'refundAlreadyDone'],
    },
    unconfirmed: {
      payDeposit: ['conflict', 'conflict'],
      submitBid: ['conflict', 'conflict'],
      replaceBid: ['conflict', 'conflict'],
      withdrawBid: ['conflict', 'conflict'],
      applyRefund: ['refundAlreadyDone', 'refundAlreadyDone'],
    },
  },
};

const cases = TENDER_STATUSES.flatMap((status) =>
  (['confirmed', 'unconfirmed'] as const).flatMap((deposit) =>
    TENDER_ACTIONS.map((action) => ({ status, deposit, action, expected: TABLE[status][deposit][action] })),
  ),
);

describe('actionBlock: every status x action x deposit, before and after the cut-off', () => {
  it('covers every status and action', () => {
    expect(cases).toHaveLength(TENDER_STATUSES.length * 2 * TENDER_ACTIONS.length);
  });

  it.each(cases)('$action on $status ($deposit deposit)', ({ status, deposit, action, expected }) => {
    const record = { status, depositConfirmed: deposit === 'confirmed', cutoffTime: CUTOFF };
    expect(actionBlock(action, record, BEFORE)).toBe(expected[0]);
    // The cut-off instant itself is already too late.
    expect(actionBlock(action, record, AT)).toBe(expected[1]);
    expect(actionBlock(action, record, AFTER)).toBe(expected[1]);
  });

  it('answers only message keys the portal and the bid service can show', () => {
    for (const { expected } of cases) for (const key of expected) if (key !== null) expect(isMessageKey(key)).toBe(true);
  });

  it('judges the deadline by the clock it is given (the bid service clock), not the device clock', () => {
    const record = { status: 'signedUp' as const, depositConfirmed: false, cutoffTime: CUTOFF };
    // The device may run a day ahead or behind: only `now` counts.
    expect(actionBlock('payDeposit', record, cutoffMs - 1)).toBeNull();
    expect(actionBlock('payDeposit', record, cutoffMs + 1)).toBe('pastDeadline');
  });

  it('reads cut-off times with another offset as the same instant', () => {
    const utc = { status: 'depositConfirmed' as const, depositConfirmed: true, cutoffTime: '2026-12-01T02:00:00Z' };
    expect(actionBlock('submitBid', utc, BEFORE)).toBeNull();
    expect(actionBlock('submitBid', utc, AT)).toBe('pastDeadline');
  });
});

describe('TENDER_TRANSITIONS', () => {
  it.each(TENDER_ACTIONS)('%s opens from each of its "from" statuses before the cut-off', (action) => {
    const rule = TENDER_TRANSITIONS[action];
    for (const status of rule.from) {
      // applyRefund needs a confirmed deposit; the others do not look at it.
      const record = { status, depositConfirmed: true, cutoffTime: CUTOFF };
      expect(actionBlock(action, record, BEFORE)).toBeNull();
      expect(actionBlock(action, record, AFTER)).toBe(rule.beforeDeadline ? 'pastDeadline' : null);
    }
  });

  it('leads to statuses of the record, never back to where it started but for a replaced bid (a new version)', () => {
    for (const action of TENDER_ACTIONS) {
      const rule = TENDER_TRANSITIONS[action];
      expect(TENDER_STATUSES).toContain(rule.to);
      if (action !== 'replaceBid') expect(rule.from).not.toContain(rule.to);
    }
    expect(TENDER_TRANSITIONS.replaceBid).toMatchObject({ from: ['bidSubmitted'], to: 'bidSubmitted' });
  });

  it('lists as pending exactly the statuses some step forward starts from (changing a submitted bid is a choice, not a to-do)', () => {
    const forward = TENDER_ACTIONS.filter((action) => action !== 'replaceBid' && action !== 'withdrawBid');
    const starts = new Set(forward.flatMap((action) => TENDER_TRANSITIONS[action].from));
    expect([...PENDING_TENDER_STATUSES].sort()).toEqual([...starts].sort());
  });
});

describe('winStatusOf', () => {
  const expected: Record<TenderStatus, WinStatus> = {
    signedUp: 'pending',
    depositSubmitted: 'pending',
    depositRejected: 'pending',
    depositConfirmed: 'pending',
    bidSubmitted: 'pending',
    won: 'won',
    lost: 'lost',
    refundRequested: 'lost',
    refunded: 'lost',
  };
  it.each(TENDER_STATUSES)('%s', (status) => expect(winStatusOf(status)).toBe(expected[status]));
});

describe('refundStatusOf', () => {
  const expected: Record<TenderStatus, [confirmed: RefundStatus, unconfirmed: RefundStatus]> = {
    signedUp: ['none', 'none'],
    depositSubmitted: ['none', 'none'],
    depositRejected: ['none', 'none'],
    depositConfirmed: ['none', 'none'],
    bidSubmitted: ['none', 'none'],
    // The winner's deposit becomes the performance security.
    won: ['notRefundable', 'none'],
    lost: ['refundable', 'none'],
    refundRequested: ['requested', 'requested'],
    refunded: ['refunded', 'refunded'],
  };
  it.each(TENDER_STATUSES)('%s', (status) => {
    expect(refundStatusOf(status, true)).toBe(expected[status][0]);
    expect(refundStatusOf(status, false)).toBe(expected[status][1]);
  });

  it('calls a record refundable exactly when applyRefund is open on it', () => {
    for (const status of TENDER_STATUSES) {
      for (const depositConfirmed of [true, false]) {
        const open = actionBlock('applyRefund', { status, depositConfirmed, cutoffTime: CUTOFF }, AFTER) === null;
        expect(refundStatusOf(status, depositConfirmed) === 'refundable').toBe(open);
      }
    }
  });
});
