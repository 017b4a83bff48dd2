import type { CommunicationDetail } from '@contract/schemas/communication';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';
import { PriorityBadge, StatusBadge } from './communication-badges';

/** The thread's facts under the page title. */
export function CommunicationSummary({ thread }: { thread: CommunicationDetail }) {
  const rows: { label: ReactNode; value: ReactNode; mono?: boolean }[] = [
    { label: <Trans>问题编号</Trans>, value: thread.questionNo, mono: true },
    { label: <Trans>状态</Trans>, value: <StatusBadge status={thread.status} /> },
    { label: <Trans>优先级</Trans>, value: <PriorityBadge priority={thread.priority} /> },
    { label: <Trans>来源单号</Trans>, value: thread.sourceNo ?? '—', mono: Boolean(thread.sourceNo) },
    { label: <Trans>创建时间</Trans>, value: <DateTime value={thread.createdAt} /> },
    { label: <Trans>更新时间</Trans>, value: <DateTime value={thread.updatedAt} /> },
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-8 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row, index) => (
        <div key={index} className="flex min-w-0 items-center gap-3">
          <dt className="shrink-0 text-slate-500">{row.label}</dt>
          <dd className={`min-w-0 text-slate-800 ${row.mono ? 'break-all tabular-nums' : ''}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
