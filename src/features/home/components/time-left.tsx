import { Trans } from '@lingui/react/macro';
import { timeLeft } from '@/ui/server-clock';
import { DateTime } from '@/ui/date-time';
import { dueThreshold, type ReminderTodo } from '../reminders/reminder-plan';

/** "剩余 2 天 5 小时", "剩余 3 小时 20 分钟", "剩余 12 分钟", or "已截止" on the bid service's clock; amber in the last 24 hours. */
export function TimeLeft({ deadline, now }: { deadline: string; now: number }) {
  const left = timeLeft(deadline, now);
  if (left === null) return null;
  if (left === 'passed') {
    return (
      <span className="badge whitespace-nowrap">
        <Trans>已截止</Trans>
      </span>
    );
  }
  const { days, hours, minutes } = left;
  return (
    <span className={`badge whitespace-nowrap tabular-nums ${days === 0 ? 'badge-amber' : 'badge-green'}`}>
      {days > 0 ? (
        <Trans>
          剩余 {days} 天 {hours} 小时
        </Trans>
      ) : hours > 0 ? (
        <Trans>
          剩余 {hours} 小时 {minutes} 分钟
        </Trans>
      ) : minutes > 0 ? (
        <Trans>剩余 {minutes} 分钟</Trans>
      ) : (
        <Trans>不足 1 分钟</Trans>
      )}
    </span>
  );
}

const Bell = () => (
  <svg aria-hidden="true" width="14" height="14" viewBox="0 0 20 20" fill="currentColor" className="shrink-0">
    <path d="M10 2a5 5 0 0 0-5 5v2.6c0 .5-.2 1-.5 1.4L3.3 12.6A1 1 0 0 0 4 14.3h12a1 1 0 0 0 .7-1.7L15.5 11c-.3-.4-.5-.9-.5-1.4V7a5 5 0 0 0-5-5Zm-2 13.5a2 2 0 0 0 4 0H8Z" />
  </svg>
);

/**
 * The reminder on a row, in words (not colour alone): within 24 hours or within 1 hour of the
 * deadline. What a notification would have said, for a supplier without them.
 */
export function ReminderMark({ todo, now }: { todo: ReminderTodo; now: number }) {
  const due = dueThreshold(todo, now);
  if (!due) return null;
  return (
    <span className={`badge inline-flex items-center gap-1 whitespace-nowrap ${due === '1h' ? 'badge-red' : 'badge-amber'}`} data-reminder={due}>
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
