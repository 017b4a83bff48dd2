import { DEADLINE_WARNING_MS } from '@contract/tender-values';

/**
 * Where an unsent write stands against its deadline (a tender's cut-off time, DESIGN.md
 * section 4): warned about when near, kept when missed. The portal never drops or holds back
 * an entry for its deadline: whether a late write is accepted is the bid service's call (it
 * answers "past the deadline", and the entry fails with that message like any E4xx).
 * Pure, without idb: the shell indicator and the tender rows load it cheaply.
 */
export type DeadlineState = 'none' | 'near' | 'passed';

export { DEADLINE_WARNING_MS };

/** near: less than DEADLINE_WARNING_MS (24 h) left; passed: the deadline is now or earlier. */
export function deadlineState(entry: { deadline: number | null }, now: number): DeadlineState {
  const { deadline } = entry;
  if (deadline === null || !Number.isFinite(deadline)) return 'none';
  if (deadline <= now) return 'passed';
  return deadline - now < DEADLINE_WARNING_MS ? 'near' : 'none';
}

const RANK: Record<DeadlineState, number> = { none: 0, near: 1, passed: 2 };

/** The most urgent state among these entries (passed over near over none): one warning for a list, a row or the shell. */
export function worstDeadlineState(entries: readonly { deadline: number | null }[], now: number): DeadlineState {
  let worst: DeadlineState = 'none';
  for (const entry of entries) {
    const state = deadlineState(entry, now);
    if (RANK[state] > RANK[worst]) worst = state;
  }
  return worst;
}
