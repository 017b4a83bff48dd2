import type { TodoItem } from '@contract/schemas/home';

/**
 * When a to-do's deadline is reminded of: 24 hours and 1 hour before it, on the bid service's
 * clock. Pure: the scheduler and its tests share it.
 */
const HOUR = 3_600_000;
const THRESHOLDS = { '24h': 24 * HOUR, '1h': HOUR } as const;
export type Threshold = keyof typeof THRESHOLDS;

export type ReminderTodo = Pick<TodoItem, 'kind' | 'refId' | 'number' | 'name' | 'deadline'>;

/**
 * One reminder per to-do, threshold and deadline: a new deadline (the next round of an
 * enquiry, a cut-off the buyer moved) is a new thing to be reminded of.
 */
export const reminderKey = (todo: ReminderTodo, threshold: Threshold) => `${todo.kind}:${todo.refId}:${todo.deadline ?? ''}:${threshold}`;

const deadlineOf = (todo: ReminderTodo) => (todo.deadline ? Date.parse(todo.deadline) : NaN);

/**
 * The reminder a to-do is due for at `now` (server ms): the nearest threshold already reached,
 * while the deadline has not passed. A to-do first seen 30 minutes before its deadline gets the
 * 1-hour reminder only, never a late "24 hours" one as well.
 */
export function dueThreshold(todo: ReminderTodo, now: number): Threshold | null {
  const left = deadlineOf(todo) - now;
  if (!(left > 0)) return null;
  if (left <= THRESHOLDS['1h']) return '1h';
  if (left <= THRESHOLDS['24h']) return '24h';
  return null;
}

/** The next moment (server ms) after `now` at which a to-do reaches a threshold, or null when none will. */
export function nextCrossing(todos: readonly ReminderTodo[], now: number): number | null {
  let next: number | null = null;
  for (const todo of todos) {
    const deadline = deadlineOf(todo);
    if (!Number.isFinite(deadline)) continue;
    for (const before of Object.values(THRESHOLDS)) {
      const at = deadline - before;
      if (at > now && (next === null || at < next)) next = at;
    }
  }
  return next;
}
