import { message } from '@/locales/wire';
import { describe, expect, it } from 'vitest';
import { actionReasons, bidChangeOffered, questionHint } from './action-states';
import { inDays, SERVER_NOW, summary } from './test/fixtures';

const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');
const standing = summary(1, { status: 'bidSubmitted', depositConfirmed: true, bidVersion: 2, cutoffTime: inDays(2) });
const context = { now: SERVER_NOW, waiting: false, supplierStatus: 'A104' };

describe('questionHint', () => {
  it('names "发起沟通" only for a status that has communication records', () => {
    expect(questionHint('A104')).toBe('如有疑问，请通过“发起沟通”联系采购方。');
    for (const status of ['A141', 'A101', undefined]) expect(questionHint(status), String(status)).toBe('如有疑问，请联系采购方。');
  });
});

describe('replacing and withdrawing a bid', () => {
  it('are offered and open while a bid stands before the cut-off, by the bid service clock', () => {
    expect(bidChangeOffered(standing, SERVER_NOW)).toBe(true);
    const reasons = actionReasons(standing, context);
    expect(reasons.replace).toBeNull();
    expect(reasons.withdraw).toBeNull();
    // The first bid's upload is closed with the way to change it.
    expect(reasons.bid).toBe(zh('bidAlreadySubmitted'));
  });

  it('are not offered once the cut-off has passed, and closed with its reason', () => {
    const late = { ...standing, cutoffTime: inDays(-0.01) };
    expect(bidChangeOffered(late, SERVER_NOW)).toBe(false);
    // The cut-off itself is late already: the bid service refuses at the cut-off, not after it.
    expect(bidChangeOffered({ ...standing, cutoffTime: new Date(SERVER_NOW).toISOString() }, SERVER_NOW)).toBe(false);
    expect(actionReasons(late, context).replace).toBe(zh('pastDeadline'));
    expect(actionReasons(late, context).withdraw).toBe(zh('pastDeadline'));
  });

  it('are not offered without a bid that stands (before one, after a withdrawal, after the result)', () => {
    for (const status of ['signedUp', 'depositConfirmed', 'won', 'lost'] as const) {
      const record = { ...standing, status, bidVersion: status === 'won' || status === 'lost' ? 2 : null };
      expect(bidChangeOffered(record, SERVER_NOW), status).toBe(false);
    }
    // A record read before the bid service named the version has nothing to name.
    expect(bidChangeOffered({ ...standing, bidVersion: null }, SERVER_NOW)).toBe(false);
    expect(actionReasons({ ...standing, status: 'depositConfirmed', bidVersion: null }, context).withdraw).toBe(zh('bidNotSubmitted'));
  });

  it('wait while a write of the record is still in the outbox: no second one', () => {
    const reasons = actionReasons(standing, { ...context, waiting: true });
    expect(bidChangeOffered(standing, SERVER_NOW)).toBe(true);
    expect(reasons.replace).toBe('该记录有尚未发送的操作，发送完成后才能继续');
    expect(reasons.withdraw).toBe('该记录有尚未发送的操作，发送完成后才能继续');
  });
});
