import type { VisitPass } from '@contract/schemas/visitor';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { PassCard } from './pass-card';

const START = Date.parse('2026-11-01T09:00:00Z');
const pass = (from: number, until: number): VisitPass => ({
  pass: 'v1.eyJwaG9uZSI6IjEzOTAwMDAwMDAxIn0.c2ln',
  visitorId: 'v',
  visitId: 'x',
  visitNo: '',
  visitorName: '',
  phone: '13900000001',
  productionBase: '华东生产基地',
  department: '采购部',
  host: '王经理',
  validFrom: new Date(from).toISOString(),
  validUntil: new Date(until).toISOString(),
});

describe('PassCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });
  afterEach(() => vi.useRealTimers());

  it('re-evaluates the validity each minute: not yet valid → valid → expired', () => {
    renderWithI18n(<PassCard pass={pass(START + 30_000, START + 90_000)} />);
    const state = () => screen.getByTestId('pass-validity');
    expect(state().dataset.validity).toBe('notYetValid');
    expect(state().textContent).toContain('尚未生效');
    // Without a name the phone names the QR.
    expect(screen.getByRole('img', { name: '13900000001 的开门二维码' })).toBeTruthy();

    act(() => void vi.advanceTimersByTime(60_000));
    expect(state().dataset.validity).toBe('valid');
    expect(state().textContent).toContain('有效期至');

    act(() => void vi.advanceTimersByTime(60_000));
    expect(state().dataset.validity).toBe('expired');
    expect(state().textContent).toContain('已过期');
  });

  it('re-evaluates when the page becomes visible again (a phone taken out of a pocket)', () => {
    renderWithI18n(<PassCard pass={pass(START - 1000, START + 10_000)} />);
    expect(screen.getByTestId('pass-validity').dataset.validity).toBe('valid');
    vi.setSystemTime(START + 20_000);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByTestId('pass-validity').dataset.validity).toBe('expired');
  });

  it('shows the pass’s days on its base’s clock, not the buyer’s', () => {
    // 10 December 00:00 to 12 December 00:00 in Binh Duong (GMT+7).
    const vietnam = { ...pass(Date.parse('2026-12-09T17:00:00Z'), Date.parse('2026-12-11T17:00:00Z')), timeZone: 'Asia/Ho_Chi_Minh' };
    renderWithI18n(<PassCard pass={vietnam} />);
    expect(screen.getByTestId('pass-validity').textContent).toContain('将于 2026-12-10 00:00:00 生效');
    expect(screen.getAllByText('2026-12-12 00:00:00').length).toBeGreaterThan(0);
  });
});
