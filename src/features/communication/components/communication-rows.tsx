import type { CommunicationSummary } from '@contract/schemas/communication';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CardList } from '@/ui/card-list';
import { DateTime } from '@/ui/date-time';
import { formatDateTime } from '@/ui/format';
import { ScrollRegion } from '@/ui/scroll-region';
import { PriorityBadge, StatusBadge } from './communication-badges';

const linkProps = (row: CommunicationSummary) => ({ to: '/platform/communicateRecord/$id' as const, params: { id: row.id } });

/** Date over time: two narrow lines keep all seven columns on a 1280 px screen without scrolling. */
function StackedDateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <time dateTime={value} className="block tabular-nums">
      <span className="block whitespace-nowrap">{date}</span>
      <span className="block text-xs text-slate-500">{time}</span>
    </time>
  );
}

/** Wide screens (xl, where all seven columns fit beside the menu): one row per thread; the question number opens it. */
export function CommunicationTable({ rows }: { rows: CommunicationSummary[] }) {
  const { t } = useLingui();
  return (
    <ScrollRegion label={t`沟通记录列表`}>
      <table className="table table-fit [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>问题编号</Trans>
            </th>
            <th scope="col">
              <Trans>主题</Trans>
            </th>
            <th scope="col">
              <Trans>优先级</Trans>
            </th>
            <th scope="col">
              <Trans>来源单号</Trans>
            </th>
            <th scope="col">
              <Trans>状态</Trans>
            </th>
            <th scope="col">
              <Trans>创建时间</Trans>
            </th>
            <th scope="col">
              <Trans>更新时间</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td className="whitespace-nowrap tabular-nums">
                <Link {...linkProps(row)} className="link">
                  {row.questionNo}
                </Link>
              </td>
              <td>
                <span className="block w-48 break-words whitespace-normal">{row.topic}</span>
              </td>
              <td>
                <PriorityBadge priority={row.priority} />
              </td>
              <td className="whitespace-nowrap tabular-nums">{row.sourceNo ?? '—'}</td>
              <td>
                <StatusBadge status={row.status} />
              </td>
              <td>
                <StackedDateTime value={row.createdAt} />
              </td>
              <td>
                <StackedDateTime value={row.updatedAt} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** Phones and narrow screens: one card per thread (two columns on tablets); the whole card opens it. */
export function CommunicationCards({ rows }: { rows: CommunicationSummary[] }) {
  return (
    <CardList rows={rows}>
      {(row) => (
        <Link
          {...linkProps(row)}
          className="group block h-full rounded-lg border border-slate-200 bg-white p-4 transition hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <div className="flex items-start justify-between gap-3">
            <h3 className="min-w-0 break-words group-hover:text-brand-800">{row.topic}</h3>
            <StatusBadge status={row.status} />
          </div>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-slate-500">
              <Trans>问题编号</Trans>
            </dt>
            <dd className="break-all text-slate-800 tabular-nums">{row.questionNo}</dd>
            <dt className="text-slate-500">
              <Trans>优先级</Trans>
            </dt>
            <dd>
              <PriorityBadge priority={row.priority} />
            </dd>
            {row.sourceNo ? (
              <>
                <dt className="text-slate-500">
                  <Trans>来源单号</Trans>
                </dt>
                <dd className="break-all text-slate-800 tabular-nums">{row.sourceNo}</dd>
              </>
            ) : null}
            <dt className="text-slate-500">
              <Trans>创建时间</Trans>
            </dt>
            <dd className="text-slate-800">
              <DateTime value={row.createdAt} />
            </dd>
            <dt className="text-slate-500">
              <Trans>更新时间</Trans>
            </dt>
            <dd className="text-slate-800">
              <DateTime value={row.updatedAt} />
            </dd>
          </dl>
        </Link>
      )}
    </CardList>
  );
}
