import { describe, expect, it } from 'vitest';
import { DEADLINE_WARNING_MS, deadlineState, worstDeadlineState } from './deadline';

const now = Date.UTC(2026, 4, 1, 8);
const HOUR = 3600_000;

describe('deadlineState', () => {
  it('is none without a deadline or with 24 h or more left', () => {
    expect(DEADLINE_WARNING_MS).toBe(24 * HOUR);
    expect(deadlineState({ deadline: null }, now)).toBe('none');
    expect(deadlineState({ deadline: now + 48 * HOUR }, now)).toBe('none');
    expect(deadlineState({ deadline: now + 24 * HOUR }, now)).toBe('none');
  });

  it('is near with less than 24 h left', () => {
    expect(deadlineState({ deadline: now + 24 * HOUR - 1 }, now)).toBe('near');
    expect(deadlineState({ deadline: now + 1 }, now)).toBe('near');
  });

  it('is passed at the deadline and after', () => {
    expect(deadlineState({ deadline: now }, now)).toBe('passed');
    expect(deadlineState({ deadline: now - 5 * HOUR }, now)).toBe('passed');
  });

  it('worstDeadlineState: passed over near over none', () => {
    expect(worstDeadlineState([], now)).toBe('none');
    expect(worstDeadlineState([{ deadline: null }, { deadline: now + 2 * HOUR }], now)).toBe('near');
    expect(worstDeadlineState([{ deadline: now - 1 }, { deadline: now + 2 * HOUR }, { deadline: null }], now)).toBe('passed');
  });
});
