import type { TenderRecordSummary } from '@contract/schemas/tender';
import type { OutboxEntry } from '@/offline/db';
import { CardList } from '@/ui/card-list';
import { ScrollRegion } from '@/ui/scroll-region';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';
import type { UrlAction } from '../tender-search';
import { RefundBadge, TenderStatusBadge, WinBadge } from './tender-badges';
import { CurrentMark, DepositAmounts, FileList, OpenDeadline, RejectNote } from './tender-cells';
import { PendingNote } from './pending-note';
import { TenderActions } from './tender-actions';

/** What every row needs besides its record. */
export interface RowContext {
  /** The bid service's clock. */
  now: number;
  supplierStatus: string | undefined;
  /** Outbox entries by record id. */
  waiting: ReadonlyMap<string, OutboxEntry[]>;
  /** The record the URL points at. */
  markedId: string;
  onOpen: (action: UrlAction, record: TenderRecordSummary) => void;
  onWithdraw: (record: TenderRecordSummary) => void;
}

const NO_ENTRIES: OutboxEntry[] = [];
const entriesOf = (context: RowContext, id: string) => context.waiting.get(id) ?? NO_ENTRIES;

/** `data-tender-id` lets the list find the marked record's element to scroll it into view. */
const markAttrs = (record: TenderRecordSummary, context: RowContext) =>
  record.id === context.markedId ? ({ 'data-tender-id': record.id, 'aria-current': 'true' } as const) : {};

/**
 * Wide screens (xl, beside the menu): each record is a data row and, under it, a row with its
 * actions and what waits in the outbox, so the columns fit the 920 px a 1280 px screen leaves
 * in every language (headers and badges wrap); narrower, the frame scrolls and says so.
 */
export function TenderTable({ rows, context }: { rows: TenderRecordSummary[]; context: RowContext }) {
  const { t } = useLingui();
  return (
    <ScrollRegion label={t`投标记录列表`}>
      <table className="table table-fit [&_td]:px-3 [&_th]:px-3">
        <thead>
          <tr>
            <th scope="col">
              <Trans>招标编号 / 标题</Trans>
            </th>
            <th scope="col">
              <Trans>状态</Trans>
            </th>
            <th scope="col">
              <Trans>保证金</Trans>
            </th>
            <th scope="col">
              <Trans>中标状态</Trans>
            </th>
            <th scope="col">
              <Trans>退款状态 / 退款凭证</Trans>
            </th>
            <th scope="col">
              <Trans>投标文件</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const marked = row.id === context.markedId;
            const entries = entriesOf(context, row.id);
            const tint = marked ? '[&>td]:bg-amber-50 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-amber-400)]' : '';
            return (
              <Fragment key={row.id}>
                <tr {...markAttrs(row, context)} className={`[&>td]:border-b-0 ${tint}`}>
                  <td>
                    <span className="flex flex-wrap items-center gap-2">
                      <Link to="/platform/tenderManagement/$id" params={{ id: row.id }} className="link whitespace-nowrap tabular-nums">
                        {row.tenderNo}
                      </Link>
                      {marked ? <CurrentMark /> : null}
                    </span>
                    <span className="mt-1 block w-52 break-words whitespace-normal">{row.title}</span>
                    <span className="mt-1 block">
                      <OpenDeadline record={row} now={context.now} />
                    </span>
                  </td>
                  <td>
                    <TenderStatusBadge status={row.status} />
                    <RejectNote record={row} />
                  </td>
                  <td className="whitespace-nowrap">
                    <DepositAmounts record={row} />
                  </td>
                  <td>
                    <WinBadge status={row.winStatus} />
                  </td>
                  <td className="max-w-40">
                    <RefundBadge status={row.refundStatus} />
                    {row.refundVoucher ? (
                      <div className="mt-1">
                        <FileList files={[row.refundVoucher]} />
                      </div>
                    ) : null}
                  </td>
                  <td className="max-w-40">
                    <FileList files={row.bidDocuments} />
                  </td>
                </tr>
                <tr className={tint}>
                  <td colSpan={6} className="pt-0">
                    {entries.length > 0 ? (
                      <div className="mb-2 max-w-xl">
                        <PendingNote entries={entries} now={context.now} />
                      </div>
                    ) : null}
                    <TenderActions
                      record={row}
                      layout="table"
                      now={context.now}
                      waiting={entries.length > 0}
                      supplierStatus={context.supplierStatus}
                      onOpen={context.onOpen}
                      onWithdraw={context.onWithdraw}
                    />
                  </td>
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

/** One record as a card: phones and narrow screens, and the marked record when it is not on this page. */
export function TenderCard({ record, context }: { record: TenderRecordSummary; context: RowContext }) {
  const marked = record.id === context.markedId;
  const entries = entriesOf(context, record.id);
  return (
    <article
      {...markAttrs(record, context)}
      aria-labelledby={`tender-${record.id}-title`}
      className={`h-full rounded-lg border bg-white p-4 ${marked ? 'border-amber-400 ring-2 ring-amber-300' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link to="/platform/tenderManagement/$id" params={{ id: record.id }} className="link break-all tabular-nums">
          {record.tenderNo}
        </Link>
        <span className="flex flex-wrap gap-1">
          {marked ? <CurrentMark /> : null}
          <TenderStatusBadge status={record.status} />
        </span>
      </div>
      <h3 id={`tender-${record.id}-title`} className="mt-1 break-words">
        {record.title}
      </h3>
      <RejectNote record={record} />
      <div className="mt-1">
        <OpenDeadline record={record} now={context.now} />
      </div>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
        <dt className="text-slate-500">
          <Trans>保证金</Trans>
        </dt>
        <dd>
          <DepositAmounts record={record} />
        </dd>
        <dt className="text-slate-500">
          <Trans>中标状态</Trans>
        </dt>
        <dd>
          <WinBadge status={record.winStatus} />
        </dd>
        <dt className="text-slate-500">
          <Trans>退款状态</Trans>
        </dt>
        <dd>
          <RefundBadge status={record.refundStatus} />
        </dd>
        {record.refundVoucher ? (
          <>
            <dt className="text-slate-500">
              <Trans>退款凭证</Trans>
            </dt>
            <dd>
              <FileList files={[record.refundVoucher]} />
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">
          <Trans>投标文件</Trans>
        </dt>
        <dd>
          <FileList files={record.bidDocuments} />
        </dd>
      </dl>
      {entries.length > 0 ? (
        <div className="mt-3">
          <PendingNote entries={entries} now={context.now} />
        </div>
      ) : null}
      <div className="mt-4 border-t border-slate-100 pt-3">
        <TenderActions
          record={record}
          layout="card"
          now={context.now}
          waiting={entries.length > 0}
          supplierStatus={context.supplierStatus}
          onOpen={context.onOpen}
          onWithdraw={context.onWithdraw}
        />
      </div>
    </article>
  );
}

export function TenderCards({ rows, context }: { rows: TenderRecordSummary[]; context: RowContext }) {
  return <CardList rows={rows}>{(row) => <TenderCard record={row} context={context} />}</CardList>;
}
