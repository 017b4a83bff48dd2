/**
 * Whether the bid service answers: every answer the request layer receives (whatever its code)
 * says it does. The sync engine listens, so entries that wait out a backoff go as soon as any
 * call of the page gets through, not minutes later at their timer.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

/** The request layer heard back from the bid service. */
export function reportAnswered(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every answer; returns the unsubscribe. */
export function onAnswered(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
