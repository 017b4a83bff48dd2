import { describe, expect, it } from 'vitest';
import { passValidity } from './passes';

describe('passValidity', () => {
  const pass = { validFrom: '2026-11-01T08:00:00+08:00', validUntil: '2026-11-02T18:00:00+08:00' };
  const at = (iso: string) => Date.parse(iso);

  it('is valid inside the window, from its first instant', () => {
    expect(passValidity(pass, at('2026-11-01T08:00:00+08:00'))).toBe('valid');
    expect(passValidity(pass, at('2026-11-02T17:59:59+08:00'))).toBe('valid');
  });

  it('is not yet valid before, and expired from the end instant on', () => {
    expect(passValidity(pass, at('2026-11-01T07:59:59+08:00'))).toBe('notYetValid');
    expect(passValidity(pass, at('2026-11-02T18:00:00+08:00'))).toBe('expired');
    expect(passValidity(pass, at('2027-01-01T00:00:00Z'))).toBe('expired');
  });

  it('compares instants, whatever the offsets', () => {
    expect(passValidity(pass, at('2026-11-02T09:59:59Z'))).toBe('valid');
    expect(passValidity(pass, at('2026-11-02T10:00:00Z'))).toBe('expired');
  });
});
