import type { VisitApplicationSummary } from '@contract/schemas/visit';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { CardList } from '@/ui/card-list';
import { ScrollRegion } from '@/ui/scroll-region';
import { ReviewBadge } from './review-badge';

const Dates = ({ row }: { row: Pick<VisitApplicationSummary, 'startDate' | 'endDate'> }) => (
  <span className="tabular-nums whitespace-nowrap">
    {row.startDate} <Trans>至</Trans> {row.endDate}
  </span>
);

/** A click anywhere on a row opens it too; the visit no stays the link a keyboard or reader uses. */
function useRowOpen() {
  const navigate = useNavigate();
  return (event: MouseEvent, id: string) => {
    if ((event.target as HTMLElement).closest('a, button, input, select, textarea')) return;
    if (window.getSelection()?.toString()) return;
    void navigate({ to: '/platform/visitorApplyNew/$id', params: { id } });
  };
}

/** Wide screens (xl, beside the menu): the list's columns of SPEC.md section 3. */
export function VisitTable({ rows }: { rows: VisitApplicationSummary[] }) {
  const { t } = useLingui();
  const open = useRowOpen();
  return (
    <ScrollRegion label={t`参观申请列表`}>
      <table className="table table-fit [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>参观单号</Trans>
            </th>
            <th scope="col">
              <Trans>参观意向</Trans>
            </th>
            <th scope="col">
              <Trans>参观日期</Trans>
            </th>
            <th scope="col">
              <Trans>生产基地</Trans>
            </th>
            <th scope="col">
              <Trans>被访部门</Trans>
            </th>
            <th scope="col">
              <Trans>审核状态</Trans>
            </th>
            <th scope="col" className="text-right">
              <Trans>来访人数</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} className="cursor-pointer" onClick={(event) => open(event, row.id)}>
              <td>
                <Link to="/platform/visitorApplyNew/$id" params={{ id: row.id }} className="link whitespace-nowrap tabular-nums">
                  {row.visitNo}
                </Link>
              </td>
              <td className="max-w-40 break-words whitespace-normal">{row.intentionName}</td>
              <td>
                <Dates row={row} />
              </td>
              <td className="max-w-40 break-words whitespace-normal">{row.productionBaseName}</td>
              <td className="max-w-40 break-words whitespace-normal">{row.departmentName}</td>
              <td>
                <ReviewBadge status={row.reviewStatus} />
              </td>
              <td className="text-right tabular-nums">{row.visitorCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One application as a card: phones and narrow screens. */
function VisitCard({ row }: { row: VisitApplicationSummary }) {
  const titleId = `visit-${row.id}-title`;
  return (
    <article aria-labelledby={titleId} className="h-full rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/platform/visitorApplyNew/$id" params={{ id: row.id }} className="link break-all tabular-nums">
          {row.visitNo}
        </Link>
        <ReviewBadge status={row.reviewStatus} />
      </div>
      <h3 id={titleId} className="mt-1 break-words">
        {row.productionBaseName} · {row.intentionName}
      </h3>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">
          <Trans>参观日期</Trans>
        </dt>
        <dd>
          <Dates row={row} />
        </dd>
        <dt className="text-slate-500">
          <Trans>被访部门</Trans>
        </dt>
        <dd className="break-words">{row.departmentName}</dd>
        <dt className="text-slate-500">
          <Trans>来访人数</Trans>
        </dt>
        <dd className="tabular-nums">{row.visitorCount}</dd>
      </dl>
      {row.reviewStatus === 'returned' && row.reviewReason ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm break-words text-red-800">
          <Trans>退回原因：{row.reviewReason}</Trans>
        </p>
      ) : null}
    </article>
  );
}

export function VisitCards({ rows }: { rows: VisitApplicationSummary[] }) {
  return <CardList rows={rows}>{(row) => <VisitCard row={row} />}</CardList>;
}
