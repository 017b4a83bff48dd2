import type { TenderRecordDetail } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { DateTime } from '@/ui/date-time';
import { PageHeader } from '@/ui/page-header';
import { BackLink, RecordStates } from '@/ui/record-states';
import { isRecordMissing, tenderRecordQueryOptions } from '../api/get-tender-record';
import { useServerNow } from '@/ui/server-clock';
import { useTenderOutbox } from '../use-tender-outbox';
import { InfoList } from '@/ui/info-list';
import { BidSection, DepositSection, ReceiptsSection, RefundSection, Section } from './detail-sections';
import { PendingNote } from './pending-note';
import { RecordDialogs, type Operation } from './record-dialogs';
import { RefundBadge, TenderStatusBadge, WinBadge } from './tender-badges';
import { OpenDeadline } from './tender-cells';
import { TenderActions } from './tender-actions';
import { withdrawBid } from '../withdraw-bid';

const backToList = (
  <BackLink to="/platform/tenderManagement">
    <Trans>返回列表</Trans>
  </BackLink>
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
  return (
    <RecordStates
      query={useQuery(tenderRecordQueryOptions(props.supplierId, props.id))}
      frame={(content) => (
        <>
          <PageHeader title={t`投标详情`} actions={backToList} />
          {content}
        </>
      )}
      isMissing={isRecordMissing}
      missing={{ description: t`该投标记录不存在，或不属于当前账号。` }}
      failedTitle={t`投标记录加载失败`}
    >
      {(record, staleNote) => <RecordView {...props} record={record} staleNote={staleNote} />}
    </RecordStates>
  );
}

function RecordView({
  supplierId,
  supplierCode,
  supplierStatus,
  record,
  staleNote,
}: TenderDetailProps & { record: TenderRecordDetail & { clockOffset: number }; staleNote: ReactNode }) {
  const { t } = useLingui();
  const now = useServerNow(record.clockOffset);
  const entries = useTenderOutbox(supplierId).get(record.id) ?? [];
  // One record, one dialog at a time.
  const [operation, setOperation] = useState<Operation | null>(null);

  return (
    <>
      <PageHeader title={<span className="break-words">{record.title}</span>} actions={backToList} />
      {staleNote}
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
            onWithdraw={(target) => void withdrawBid({ supplierId, supplierCode, record: target })}
          />
        </Section>
        <DepositSection record={record} />
        <BidSection record={record} />
        <RefundSection record={record} />
        <ReceiptsSection record={record} />
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
