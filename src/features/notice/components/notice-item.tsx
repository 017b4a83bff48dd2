import type { NoticeSummary } from '@contract/schemas/notice';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Countdown } from '@/ui/countdown';
import { DateTime } from '@/ui/date-time';
import { isPastDeadline } from '../deadline';

export function NoticeItem({ notice }: { notice: NoticeSummary }) {
  const expired = isPastDeadline(notice.cutoffTime);
  return (
    <li>
      <Link
        to="/bidDetail/$id"
        params={{ id: notice.id }}
        className="group block rounded-lg border border-slate-200 bg-white p-4 transition hover:border-brand-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <div className="flex items-start justify-between gap-3">
          <h3
            className={`min-w-0 text-base font-semibold break-words group-hover:text-brand-800 ${expired ? 'text-slate-500' : 'text-slate-900'}`}
          >
            {notice.title}
          </h3>
          <span className="shrink-0">
            <Countdown deadline={notice.cutoffTime} />
          </span>
        </div>
        <p className="mt-1 text-sm break-all text-slate-500">
          <Trans>
            招标编号：<span className="font-mono">{notice.tenderNo}</span>
          </Trans>
        </p>
        <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
          {[
            { label: <Trans>发布单位</Trans>, value: notice.issuingUnit },
            { label: <Trans>项目地点</Trans>, value: notice.projectAddress },
            { label: <Trans>报名数</Trans>, value: notice.registrationCount, numeric: true },
            { label: <Trans>截止时间</Trans>, value: <DateTime value={notice.cutoffTime} />, numeric: true },
          ].map((row, index) => (
            <div key={index} className="flex min-w-0 gap-2">
              <dt className="shrink-0 text-slate-500">{row.label}</dt>
              <dd className={`min-w-0 text-slate-800 ${row.numeric ? 'tabular-nums' : 'break-words'}`}>{row.value}</dd>
            </div>
          ))}
        </dl>
      </Link>
    </li>
  );
}

export function NoticeItemSkeleton() {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-hidden="true">
      <div className="flex justify-between gap-3">
        <div className="h-5 w-2/3 animate-pulse rounded bg-slate-200" />
        <div className="h-5 w-16 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-slate-100" />
      <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-2">
        <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
      </div>
    </li>
  );
}
