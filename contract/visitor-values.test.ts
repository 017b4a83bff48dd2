import { describe, expect, it } from 'vitest';
import { passExpired } from './visitor-values';

describe('passExpired', () => {
  const until = '2026-11-02T18:00:00+08:00';
  const end = Date.parse(until);

  it('is not expired before the end instant', () => {
    expect(passExpired(until, end - 1)).toBe(false);
    expect(passExpired(until, end - 86_400_000)).toBe(false);
  });

  it('is expired from the end instant on', () => {
    expect(passExpired(until, end)).toBe(true);
    expect(passExpired(until, end + 1)).toBe(true);
  });

  it('reads the instant whatever the offset it is written with', () => {
    expect(passExpired('2026-11-02T10:00:00.000Z', end)).toBe(true);
    expect(passExpired('2026-11-02T10:00:00.000Z', end - 1)).toBe(false);
  });

  it('leaves an end it cannot read to the bid service', () => {
    expect(passExpired('', end)).toBe(false);
    expect(passExpired('not a date', end)).toBe(false);
  });
});
