import { describe, expect, it } from 'vitest';
import { daysLeft, formatDate, formatDateTime, formatMoney } from './format';

describe('format', () => {
  it('formats date and time in local time as YYYY-MM-DD HH:mm:ss', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDateTime(local.toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatDate(local.toISOString())).toBe('2026-01-05');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('formats money with two decimals and thousands separators', () => {
    expect(formatMoney(1234567.891, 'zh-CN')).toBe('1,234,567.89');
    expect(formatMoney('12', 'en')).toBe('12.00');
    expect(formatMoney(1234.5, 'vie')).toBe('1.234,50');
    expect(formatMoney(1234.5, 'en', 'USD')).toBe('$1,234.50');
    expect(formatMoney(5, 'en', '人民币')).toBe('5.00 人民币');
    expect(formatMoney(null, 'en')).toBe('');
    expect(formatMoney('abc', 'en')).toBe('');
  });

  it('formats a decimal text exactly, beyond what a float holds', () => {
    expect(formatMoney('12345678901234567.89', 'zh-CN')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('0.125', 'en')).toBe('0.13');
    expect(formatMoney('-1234.5', 'vie')).toBe('-1.234,50');
  });

  it('counts whole days left; 0 is less than a day; the deadline itself has passed', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(daysLeft('2026-03-04T13:00:00Z', now)).toBe(3);
    expect(daysLeft('2026-03-02T11:59:59Z', now)).toBe(0);
    expect(daysLeft('2026-03-01T12:00:00Z', now)).toBeLessThan(0);
    expect(daysLeft('2026-02-27T12:00:00Z', now)).toBeLessThan(0);
    expect(daysLeft('nope', now)).toBeNaN();
  });
});
