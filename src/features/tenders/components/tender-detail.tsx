import type { TenderRecordDetail } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { DateTime } from '@/ui/date-time';
import { EmptyState } from '@/ui/empty-state';
import { useLoadErrorText } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
import { isRecordMissing, tenderRecordQueryOptions } from '../api/get-tender-record';
import { useServerNow } from '@/ui/server-clock';
import { useTenderOutbox } from '../use-tender-outbox';
import { InfoList } from '@/ui/info-list';
import { BidSection, DepositSection, RefundSection, Section } from './detail-sections';
import { PendingNote } from './pending-note';
import { RecordDialogs, type Operation } from './record-dialogs';
import { RefundBadge, TenderStatusBadge, WinBadge } from './tender-badges';
import { OpenDeadline } from './tender-cells';
import { TenderActions } from './tender-actions';

const BackLink = () => (
  <Link to="/platform/tenderManagement" className="btn btn-secondary">
    <svg width="16" height="16" viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M12.8 5.2a.75.75 0 0 1 0 1.06L9.06 10l3.74 3.74a.75.75 0 1 1-1.06 1.06l-4.27-4.27a.75.75 0 0 1 0-1.06L11.74 5.2a.75.75 0 0 1 1.06 0Z"
      />
    </svg>
    <Trans>返回列表</Trans>
  </Link>
);

export interface TenderDetailProps {
  supplierId: string;
  supplierCode: string;
  supplierStatus: string | undefined;
  id: string;
}

/** One tender record: where it stands, the notice, the deposit, the bid, the refund, and its actions. */
export function TenderDetailView(props: TenderDetailProps) {
  const { t } = useLingui();
  const query = useQuery(tenderRecordQueryOptions(props.supplierId, props.id));
  const errorText = useLoadErrorText(query.error);

  if (query.isPending) {
    return (
      <>
        <PageHeader title={t`投标详情`} actions={<BackLink />} />
        <PageSpinner />
      </>
    );
  }

  // E404 dataLost: unknown, or another supplier's record; the server's words, as a not-found state.
  const missing = query.isError && isRecordMissing(query.error);
  // A record on the device that could not be refreshed stays on screen, with a note.
  if (query.isError && (missing || query.data === undefined)) {
    return (
      <>
        <PageHeader title={t`投标详情`} actions={<BackLink />} />
        <div className="card" role={missing ? undefined : 'alert'}>
          {missing ? (
            <EmptyState title={errorText} description={t`该投标记录不存在，或不属于当前账号。`} />
          ) : (
            <EmptyState
              title={t`投标记录加载失败`}
              description={errorText}
              action={
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  <Trans>重试</Trans>
                </button>
              }
            />
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <StaleDataNotice query={query} />
      <RecordView {...props} record={query.data} />
    </>
  );
}

function RecordView({
  supplierId,
  supplierCode,
  supplierStatus,
  record,
}: TenderDetailProps & { record: TenderRecordDetail & { clockOffset: number } }) {
  const { t } = useLingui();
  const now = useServerNow(record.clockOffset);
  const entries = useTenderOutbox(supplierId).get(record.id) ?? [];
  // One record, one dialog at a time.
  const [operation, setOperation] = useState<Operation | null>(null);

  return (
    <>
      <PageHeader title={<span className="break-words">{record.title}</span>} actions={<BackLink />} />
      <div className="space-y-4 sm:space-y-6">
        <section className="card space-y-4" aria-label={t`投标概要`}>
          <InfoList
            items={[
              {
                label: <Trans>招标公告</Trans>,
                wide: true,
                value: (
                  <Link to="/bidDetail/$id" params={{ id: record.noticeId }} className="link">
                    <span className="tabular-nums">{record.tenderNo}</span> {record.title}
                  </Link>
                ),
              },
              { label: <Trans>状态</Trans>, value: <TenderStatusBadge status={record.status} /> },
              { label: <Trans>中标状态</Trans>, value: <WinBadge status={record.winStatus} /> },
              { label: <Trans>退款状态</Trans>, value: <RefundBadge status={record.refundStatus} /> },
              {
                label: <Trans>投标截止时间</Trans>,
                value: (
                  <span className="flex flex-wrap items-center gap-2">
                    <DateTime value={record.cutoffTime} />
                    <OpenDeadline record={record} now={now} />
                  </span>
                ),
              },
              { label: <Trans>报名时间</Trans>, value: <DateTime value={record.signedUpAt} /> },
              { label: <Trans>更新时间</Trans>, value: <DateTime value={record.updatedAt} /> },
            ]}
          />
          <PendingNote entries={entries} now={now} />
        </section>
        <Section id="tender-actions" title={<Trans>操作</Trans>}>
          <TenderActions
            record={record}
            layout="detail"
            now={now}
            waiting={entries.length > 0}
            supplierStatus={supplierStatus}
            onOpen={(action, target) => setOperation({ action, record: target })}
          />
        </Section>
        <DepositSection record={record} />
        <BidSection record={record} />
        <RefundSection record={record} />
      </div>
      <RecordDialogs
        operation={operation}
        supplierId={supplierId}
        supplierCode={supplierCode}
        clockOffset={record.clockOffset}
        onClose={() => setOperation(null)}
      />
    </>
  );
}
