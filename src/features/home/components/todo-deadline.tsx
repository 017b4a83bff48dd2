import { Trans } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { TimeLeft } from '@/ui/time-left';
import { dueThreshold, type ReminderTodo } from '../reminders/reminder-plan';

const Bell = () => (
  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
    <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .5-.2 1-.5 1.4L3.3 12.6A1 1 0 0 0 4 14.3h12a1 1 0 0 0 .7-1.7L15.5 11c-.3-.4-.5-.9-.5-1.4V7a5 5 0 0 0-5-5Zm-2 13.5a2 2 0 0 0 4 0H8Z" />
  </svg>
);

/**
 * The reminder on a row, in words (not colour alone): within 24 hours or within 1 hour of the
 * deadline. What a notification would have said, for a supplier without them.
 */
function ReminderMark({ todo, now }: { todo: ReminderTodo; now: number }) {
  const due = dueThreshold(todo, now);
  if (!due) return null;
  return (
    <span
      className={`badge inline-flex items-center gap-1 whitespace-nowrap ${due === '1h' ? 'badge-red' : 'badge-amber'}`}
      data-reminder={due}
    >
      <Bell />
      {due === '1h' ? <Trans>1 小时内截止</Trans> : <Trans>24 小时内截止</Trans>}
    </span>
  );
}

/** The bid deadline column of a to-do: the date, the time left and the reminder mark; a dash when there is none. */
export function TodoDeadline({ todo, now }: { todo: ReminderTodo; now: number }) {
  if (!todo.deadline) return <DateTime value={null} />;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <DateTime value={todo.deadline} />
      <TimeLeft deadline={todo.deadline} now={now} />
      <ReminderMark todo={todo} now={now} />
    </span>
  );
}
