import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { timeLeft } from './server-clock';
import { TimeLeft } from './time-left';

const DEADLINE = '2030-06-01T10:00:00Z';
const at = Date.parse(DEADLINE);
const MIN = 60_000;

describe('TimeLeft', () => {
  it('splits what is left into days, hours and minutes; the deadline instant has passed', () => {
    expect(timeLeft(DEADLINE, at - (2 * 1440 + 5 * 60 + 7) * MIN)).toEqual({ days: 2, hours: 5, minutes: 7 });
    expect(timeLeft(DEADLINE, at)).toBe('passed');
    expect(timeLeft('not a date', at)).toBeNull();
  });

  it.each([
    [(1440 + 60) * MIN, '剩余 1 天 1 小时'],
    [(3 * 60 + 20) * MIN, '剩余 3 小时 20 分钟'],
    [12 * MIN + 30_000, '剩余 12 分钟'],
    [30_000, '不足 1 分钟'],
    [-MIN, '已截止'],
  ])('%i ms before the deadline reads "%s"', (left, text) => {
    renderWithI18n(<TimeLeft deadline={DEADLINE} now={at - left} />);
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('is amber in the last 24 hours and says nothing of an unreadable deadline', () => {
    const { container } = renderWithI18n(<TimeLeft deadline={DEADLINE} now={at - 2 * 60 * MIN} />);
    expect(container.querySelector('.badge-amber')).not.toBeNull();
    const empty = renderWithI18n(<TimeLeft deadline="soon" now={at} />);
    expect(empty.container.textContent).toBe('');
  });
});
