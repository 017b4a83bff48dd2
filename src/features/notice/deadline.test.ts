import { describe, expect, it } from 'vitest';
import { isPastDeadline } from './deadline';

describe('isPastDeadline', () => {
  const cutoff = '2025-03-01T10:00:00+08:00';
  const at = (iso: string) => Date.parse(iso);

  it('is open before the cut-off and closed from the cut-off on', () => {
    expect(isPastDeadline(cutoff, at('2025-03-01T09:59:59+08:00'))).toBe(false);
    expect(isPastDeadline(cutoff, at('2025-03-01T10:00:00+08:00'))).toBe(true);
    expect(isPastDeadline(cutoff, at('2025-03-02T00:00:00+08:00'))).toBe(true);
  });

  it('compares instants, whatever the offsets', () => {
    expect(isPastDeadline(cutoff, at('2025-03-01T02:30:00Z'))).toBe(true);
    expect(isPastDeadline(cutoff, at('2025-03-01T01:30:00Z'))).toBe(false);
  });

  it('treats an unreadable time as open (the bid service has the last word)', () => {
    expect(isPastDeadline('not a date', Date.now())).toBe(false);
  });
});
