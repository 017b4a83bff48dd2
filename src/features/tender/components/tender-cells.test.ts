import { describe, expect, it } from 'vitest';
import { hasOpenDeadline } from './tender-cells';

describe('hasOpenDeadline', () => {
  it('counts only while something must still reach the bid service', () => {
    expect(['signedUp', 'depositSubmitted', 'depositRejected', 'depositConfirmed'].every((s) => hasOpenDeadline(s as never))).toBe(true);
    expect(['bidSubmitted', 'won', 'lost', 'refundRequested', 'refunded'].some((s) => hasOpenDeadline(s as never))).toBe(false);
  });
});
