import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { timeLeft } from '@/ui/server-clock';
import { DeadlineCountdown, hasOpenDeadline } from './deadline-countdown';

const CUTOFF = '2030-06-01T10:00:00Z';
const at = Date.parse(CUTOFF);
const MIN = 60_000;

describe('DeadlineCountdown', () => {
  it('splits what is left into days, hours and minutes; the cut-off instant has passed', () => {
    expect(timeLeft(CUTOFF, at - (2 * 1440 + 5 * 60 + 7) * MIN)).toEqual({ days: 2, hours: 5, minutes: 7 });
    expect(timeLeft(CUTOFF, at)).toBe('passed');
    expect(timeLeft('not a date', at)).toBeNull();
  });

  it.each([
    [(1440 + 60) * MIN, '剩余 1 天 1 小时'],
    [(3 * 60 + 20) * MIN, '剩余 3 小时 20 分钟'],
    [12 * MIN + 30_000, '剩余 12 分钟'],
    [30_000, '不足 1 分钟'],
    [-MIN, '已截止'],
  ])('%i ms before the cut-off reads "%s"', (left, text) => {
    renderWithI18n(<DeadlineCountdown cutoffTime={CUTOFF} now={at - left} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('counts only while something must still reach the bid service', () => {
    expect(['signedUp', 'depositSubmitted', 'depositRejected', 'depositConfirmed'].every((s) => hasOpenDeadline(s as never))).toBe(true);
    expect(['bidSubmitted', 'won', 'lost', 'refundRequested', 'refunded'].some((s) => hasOpenDeadline(s as never))).toBe(false);
  });
});
