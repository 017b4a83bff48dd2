import { afterEach, describe, expect, it } from 'vitest';
import {
  daysLeft,
  formatDate,
  formatDateTime,
  formatList,
  formatMoney,
  formatNumber,
  formatRate,
  listSeparators,
  setTimeZones,
  shellTimeZone,
} from './format';

describe('format', () => {
  afterEach(() => setTimeZones(null, null));

  it('formats date and time as YYYY-MM-DD HH:mm:ss in the buyer’s zone, Asia/Shanghai unless the shell names another', () => {
    const at = '2026-01-04T23:08:09Z';
    expect(formatDateTime(at)).toBe('2026-01-05 07:08:09');
    expect(formatDate(at)).toBe('2026-01-05');
    setTimeZones('Asia/Ho_Chi_Minh', null);
    expect(formatDateTime(at)).toBe('2026-01-05 06:08:09');
    // A gate pass is shown on its base's clock.
    expect(formatDateTime(at, 'Asia/Shanghai')).toBe('2026-01-05 07:08:09');
    // A zone Intl does not know is not taken.
    setTimeZones('Mars/Olympus', null);
    expect(formatDateTime(at)).toBe('2026-01-05 07:08:09');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('not a date');
  });

  it('names the zone where the device’s clock shows another time, and only there', () => {
    setTimeZones('Asia/Shanghai', 'Asia/Shanghai');
    expect(formatDateTime('2026-12-10T10:00:00Z')).toBe('2026-12-10 18:00:00');
    // Another name for the same clock is the same clock.
    setTimeZones('Asia/Shanghai', 'Asia/Taipei');
    expect(formatDateTime('2026-12-10T10:00:00Z')).toBe('2026-12-10 18:00:00');
    setTimeZones('Asia/Shanghai', 'America/Los_Angeles');
    expect(formatDateTime('2026-12-10T10:00:00Z')).toBe('2026-12-10 18:00:00 GMT+8');
    expect(formatDateTime('2026-12-10T10:00:00Z', 'Asia/Ho_Chi_Minh')).toBe('2026-12-10 17:00:00 GMT+7');
    // A date is a day of the calendar, the same everywhere.
    expect(formatDate('2026-12-10')).toBe('2026-12-10');
  });

  it('reads the zone the served shell names', () => {
    expect(shellTimeZone('<head><meta name="time-zone" content="Asia/Ho_Chi_Minh" /></head>')).toBe('Asia/Ho_Chi_Minh');
    expect(shellTimeZone('<head></head>')).toBeNull();
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

  it('joins a list with the separators of the language read', () => {
    expect(formatList(['A', 'B', 'C'], 'zh-CN')).toBe('A、B和C');
    expect(formatList(['A', 'B', 'C'], 'en')).toBe('A, B, and C');
    expect(formatList(['A', 'B', 'C'], 'vie')).toBe('A, B và C');
    expect(formatList(['.xls', '.xlsx'], 'en', 'disjunction')).toBe('.xls or .xlsx');
    expect(formatList(['.xls', '.xlsx'], 'vie', 'disjunction')).toBe('.xls hoặc .xlsx');
    expect(formatList(['A'], 'en')).toBe('A');
    // Between elements (links): what goes before each.
    expect(listSeparators(3, 'en')).toEqual(['', ', ', ', and ']);
    expect(listSeparators(3, 'vie')).toEqual(['', ', ', ' và ']);
    expect(listSeparators(3, 'zh-CN')).toEqual(['', '、', '和']);
  });

  it('writes numbers and rates with the decimal mark and grouping of the language read', () => {
    expect(formatNumber(1780, 'vie')).toBe('1.780');
    expect(formatNumber('1780.500', 'vie')).toBe('1.780,5');
    expect(formatNumber(1780, 'en')).toBe('1,780');
    expect(formatNumber(null, 'en')).toBe('');
    expect(formatRate(7.1, 'vie')).toBe('7,1');
    expect(formatRate(7.1, 'en')).toBe('7.1');
    expect(formatRate(0.00029, 'vie')).toBe('0,00029');
    expect(formatRate(25000, 'vie')).toBe('25.000');
  });
});
