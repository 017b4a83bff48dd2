import type { TodoItem } from '@contract/schemas/home';
import { Trans, useLingui } from '@lingui/react/macro';
import { DateTime } from '@/ui/date-time';
import { ScrollRegion } from '@/ui/scroll-region';
import { todoTarget } from '../home-links';
import { todoContent } from '../home-texts';
import { TargetLink } from './target-link';
import { TodoDeadline } from './todo-deadline';

/** Rows as the bid service ordered them (by deadline, none last); the number links to where the work is done. */
export function TodoTable({ rows, now }: { rows: TodoItem[]; now: number }) {
  const { t, i18n } = useLingui();
  return (
    <ScrollRegion label={t`待办事项表格`}>
      <table className="table [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>招标编号</Trans>
            </th>
            <th scope="col">
              <Trans>投标截止时间</Trans>
            </th>
            <th scope="col">
              <Trans>招标名称</Trans>
            </th>
            <th scope="col">
              <Trans>内容</Trans>
            </th>
            <th scope="col">
              <Trans>创建时间</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.kind}:${row.refId}`} data-kind={row.kind}>
              <td>
                <TargetLink target={todoTarget(row.kind, row.refId)} className="link whitespace-nowrap tabular-nums">
                  {row.number}
                </TargetLink>
              </td>
              <td className="max-w-44 whitespace-normal">
                <TodoDeadline todo={row} now={now} />
              </td>
              <td className="max-w-48 break-words whitespace-normal">{row.name}</td>
              <td className="max-w-64 break-words whitespace-normal">{todoContent(i18n, row)}</td>
              <td className="max-w-24 whitespace-normal tabular-nums">
                <DateTime value={row.createdAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One to-do as a card: phones and narrow screens. */
function TodoCard({ todo, now }: { todo: TodoItem; now: number }) {
  const { i18n } = useLingui();
  const titleId = `todo-${todo.kind}-${todo.refId}`;
  return (
    <article aria-labelledby={titleId} className="h-full rounded-lg border border-slate-200 bg-white p-4" data-kind={todo.kind}>
      <TargetLink target={todoTarget(todo.kind, todo.refId)} className="link break-all tabular-nums">
        {todo.number}
      </TargetLink>
      <h3 id={titleId} className="mt-1 break-words">
        {todo.name}
      </h3>
      <p className="mt-1 text-sm break-words text-slate-700">{todoContent(i18n, todo)}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">
          <Trans>投标截止时间</Trans>
        </dt>
        <dd>
          <TodoDeadline todo={todo} now={now} />
        </dd>
        <dt className="text-slate-500">
          <Trans>创建时间</Trans>
        </dt>
        <dd>
          <DateTime value={todo.createdAt} />
        </dd>
      </dl>
    </article>
  );
}

export function TodoCards({ rows, now }: { rows: TodoItem[]; now: number }) {
  return (
    // `.card-list` (src/styles.css): a card off screen is neither laid out nor painted.
    <ul className="card-list">
      {rows.map((row) => (
        <li key={`${row.kind}:${row.refId}`}>
          <TodoCard todo={row} now={now} />
        </li>
      ))}
    </ul>
  );
}
