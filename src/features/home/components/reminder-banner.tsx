import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useServerNow } from '@/ui/server-clock';
import { WarningIcon } from '@/ui/deadline-notice';
import { todoListQueryOptions } from '../api/list-todos';
import { FIRST_TODO_PAGE } from '../home-keys';
import { todoTarget } from '../home-links';
import { todoContent } from '../home-texts';
import { dueThreshold } from '../reminders/reminder-plan';
import { useReminderSettings } from '../reminders/use-reminder-settings';
import { TargetLink } from './target-link';
import { TimeLeft } from '@/ui/time-left';

/**
 * The reminders inside the portal, for a supplier without system notifications (not asked for,
 * refused or unsupported): the to-dos whose deadline is within 24 hours, nearest first, from the
 * first to-do page (the nearest deadlines, the same query the menu counts read).
 */
export function ReminderBanner({ supplierId }: { supplierId: string }) {
  const { i18n } = useLingui();
  const { systemOn, settled } = useReminderSettings(supplierId);
  const query = useQuery(todoListQueryOptions(supplierId, FIRST_TODO_PAGE));
  const now = useServerNow(query.data?.clockOffset);
  if (systemOn || !settled || !query.data) return null;
  const due = query.data.records.filter((todo) => dueThreshold(todo, now) !== null);
  const count = due.length;
  if (count === 0) return null;

  return (
    <section aria-labelledby="home-reminders" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 id="home-reminders" className="flex items-center gap-2 text-base font-semibold">
        <WarningIcon className="size-5 text-amber-600" />
        <Plural value={count} one="# 项待办即将截止" other="# 项待办即将截止" />
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {due.map((todo) => (
          <li key={`${todo.kind}:${todo.refId}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <TargetLink target={todoTarget(todo.kind, todo.refId)} className="link tabular-nums">
              {todo.number}
            </TargetLink>
            <span className="min-w-0 font-medium break-words">{todo.name}</span>
            <span className="min-w-0 break-words">{todoContent(i18n, todo)}</span>
            {todo.deadline ? <TimeLeft deadline={todo.deadline} now={now} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
