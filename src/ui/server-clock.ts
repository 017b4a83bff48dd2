import { useNow } from './use-now';

/** An answer (tender record, enquiry, ...) with how far the bid service's clock was ahead of this device's when it arrived. */
export type Clocked<T> = T & { clockOffset: number };

/**
 * Stamps an answer with `serverTime - Date.now()` at the moment it arrives. The offset travels
 * with the data, so a list restored from the offline cache days later, or the previous page kept
 * on screen while the next loads, still counts by the clock that answered it.
 */
export function withClock<T extends { serverTime: string }>(answer: T, receivedAt = Date.now()): Clocked<T> {
  const server = Date.parse(answer.serverTime);
  return { ...answer, clockOffset: Number.isFinite(server) ? server - receivedAt : 0 };
}

/**
 * The bid service's "now", ticking with the device clock: countdowns and which actions are
 * open go by it, so a phone set a day wrong neither hides an open action nor offers a late one.
 */
export function useServerNow(clockOffset = 0): number {
  // Minutes are the finest unit a countdown shows; 30 s keeps it at most half a minute late.
  return useNow(30_000) + clockOffset;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Days, hours and minutes left until a deadline on the bid service's clock (`now`). */
export function timeLeft(deadline: string, now: number): { days: number; hours: number; minutes: number } | 'passed' | null {
  const end = Date.parse(deadline);
  if (!Number.isFinite(end)) return null;
  const diff = end - now;
  if (diff <= 0) return 'passed';
  return { days: Math.floor(diff / DAY), hours: Math.floor((diff % DAY) / HOUR), minutes: Math.floor((diff % HOUR) / MINUTE) };
}
