import type { EnquirySummary } from '@contract/schemas/enquiry';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { CardList } from '@/ui/card-list';
import { DateTime } from '@/ui/date-time';
import { ScrollRegion } from '@/ui/scroll-region';
import { awaitsQuote, replyStatusNow } from '../enquiry-state';
import { TimeLeft } from '@/ui/time-left';
import { BusinessBadge, ReplyBadge } from './enquiry-badges';

/** The round's deadline, and while this supplier's quote is still awaited, the time left on the bid service's clock. */
function Deadline({ enquiry, now }: { enquiry: EnquirySummary; now: number }) {
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <DateTime value={enquiry.deadline} whole />
      {awaitsQuote(enquiry, now) ? <TimeLeft deadline={enquiry.deadline} now={now} /> : null}
    </span>
  );
}

const Round = ({ round }: { round: number }) => (
  <span className="tabular-nums whitespace-nowrap">
    <Trans>第 {round} 轮</Trans>
  </span>
);

/** A click anywhere on a row opens it too; the number stays the link a keyboard or reader uses. */
function useRowOpen() {
  const navigate = useNavigate();
  return (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
    if (window.getSelection()?.toString()) return;
    void navigate({ to: '/platform/bargaining/$id', params: { id } });
  };
}

/** Wide screens (xl, beside the menu): the eight columns of SPEC.md section 3. */
export function EnquiryTable({ rows, now }: { rows: EnquirySummary[]; now: number }) {
  const { t } = useLingui();
  const open = useRowOpen();
  return (
    <ScrollRegion label={t`询价单列表`}>
      <table className="table table-fit [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>询价单号</Trans>
            </th>
            <th scope="col">
              <Trans>询价主题</Trans>
            </th>
            <th scope="col">
              <Trans>报价状态</Trans>
            </th>
            <th scope="col">
              <Trans>询价日期</Trans>
            </th>
            <th scope="col">
              <Trans>业务状态</Trans>
            </th>
            <th scope="col">
              <Trans>议价次数</Trans>
            </th>
            <th scope="col">
              <Trans>最后更新</Trans>
            </th>
            <th scope="col">
              <Trans>报价截止时间</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="cursor-pointer" onClick={(event) => open(event, row.id)}>
              <td>
                <Link to="/platform/bargaining/$id" params={{ id: row.id }} className="link whitespace-nowrap tabular-nums">
                  {row.enquiryNo}
                </Link>
              </td>
              <td className="max-w-48 min-w-28 break-words whitespace-normal">{row.theme}</td>
              <td>
                <ReplyBadge status={replyStatusNow(row, now)} />
              </td>
              <td className="whitespace-nowrap">
                <DateTime value={row.createdAt} dateOnly />
              </td>
              <td>
                <BusinessBadge status={row.businessStatus} />
              </td>
              <td>
                <Round round={row.round} />
              </td>
              {/* Date over time: the eight columns fit beside the menu at 1280 px. */}
              <td className="tabular-nums">
                <DateTime value={row.updatedAt} whole />
              </td>
              <td className="max-w-36 whitespace-normal">
                <Deadline enquiry={row} now={now} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One enquiry as a card: phones and narrow screens. */
function EnquiryCard({ enquiry, now }: { enquiry: EnquirySummary; now: number }) {
  const titleId = `enquiry-${enquiry.id}-title`;
  return (
    <article aria-labelledby={titleId} className="h-full rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/platform/bargaining/$id" params={{ id: enquiry.id }} className="link break-all tabular-nums">
          {enquiry.enquiryNo}
        </Link>
        <span className="flex flex-wrap gap-1">
          <ReplyBadge status={replyStatusNow(enquiry, now)} />
          <BusinessBadge status={enquiry.businessStatus} />
        </span>
      </div>
      <h3 id={titleId} className="mt-1 break-words">
        {enquiry.theme}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">
          <Trans>报价截止时间</Trans>
        </dt>
        <dd>
          <Deadline enquiry={enquiry} now={now} />
        </dd>
        <dt className="text-slate-500">
          <Trans>议价次数</Trans>
        </dt>
        <dd>
          <Round round={enquiry.round} />
        </dd>
        <dt className="text-slate-500">
          <Trans>询价日期</Trans>
        </dt>
        <dd>
          <DateTime value={enquiry.createdAt} dateOnly />
        </dd>
        <dt className="text-slate-500">
          <Trans>最后更新</Trans>
        </dt>
        <dd>
          <DateTime value={enquiry.updatedAt} />
        </dd>
      </dl>
    </article>
  );
}

export function EnquiryCards({ rows, now }: { rows: EnquirySummary[]; now: number }) {
  return <CardList rows={rows}>{(row) => <EnquiryCard enquiry={row} now={now} />}</CardList>;
}
