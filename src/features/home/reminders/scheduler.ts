import { dueThreshold, nextCrossing, reminderKey, type ReminderTodo, type Threshold } from './reminder-plan';

export interface ReminderSchedule<T extends ReminderTodo> {
  todos: readonly T[];
  /** serverTime - Date.now() when the to-dos arrived (src/ui/server-clock.ts): deadlines are the bid service's. */
  clockOffset: number;
  /** True when this reminder is this tab's to show (not shown before on this device). */
  claim: (key: string) => Promise<boolean>;
  deliver: (todo: T, threshold: Threshold) => Promise<void> | void;
}

/** setTimeout's longest delay (about 24.8 days); a later crossing is reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** A timer may fire a little early; the crossing must have happened when it does. */
const SLACK_MS = 250;

/**
 * Reminds of the to-dos' deadlines while the app runs: what is due now at once, then one timer
 * for the next crossing (not a tick every second). A phone asleep in a pocket fires timers late
 * or not at all: the check runs again when the page is visible again. Answers the stop.
 */
export function startReminders<T extends ReminderTodo>({ todos, clockOffset, claim, deliver }: ReminderSchedule<T>): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let chain = Promise.resolve();
  const serverNow = () => Date.now() + clockOffset;

  async function check(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    for (const todo of todos) {
      if (stopped) return;
      const threshold = dueThreshold(todo, serverNow());
      if (threshold && (await claim(reminderKey(todo, threshold))) && !stopped) await deliver(todo, threshold);
    }
    if (stopped) return;
    const now = serverNow();
    const next = nextCrossing(todos, now);
    if (next !== null) timer = setTimeout(run, Math.min(MAX_DELAY_MS, next - now + SLACK_MS));
  }

  // One check at a time: a visibility change during a check waits for it.
  function run(): void {
    chain = chain.then(check).catch((error: unknown) => console.warn('reminder check failed', error));
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisible);
  run();
  return () => {
    stopped = true;
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
