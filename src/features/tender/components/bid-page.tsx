import type { TenderRecordDetail } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '@/ui/empty-state';
import { PageHeader } from '@/ui/page-header';
import { BackLink, RecordStates } from '@/ui/record-states';
import { actionReasons, questionHint } from '../action-states';
import { isRecordMissing, tenderRecordQueryOptions } from '../api/get-tender-record';
import { useServerNow, type Clocked } from '@/ui/server-clock';
import { isMendable } from '@/offline/outbox';
import { useTenderOutbox } from '../use-tender-outbox';
import { BidForm } from './bid-form';

export interface BidPageProps {
  supplierId: string;
  supplierCode: string;
  supplierStatus: string | undefined;
  id: string;
  /** The refused bid entry of this record to mend (`?mend=`), opened in the form with its files. */
  mend?: string | undefined;
  /** Replace mode (`?replace=true`): a new version of the bid that stands, in the same form. */
  replace?: boolean;
  onQueued: () => void;
}

/**
 * Upload bid documents and bill of materials for one record, or (replace mode) a new version of
 * the bid that stands, before the cut-off. Works offline from the record
 * kept on the device (the query is persisted); the bid then waits in the outbox.
 */
export function BidPage(props: BidPageProps) {
  const { t } = useLingui();
  const header = (
    <PageHeader
      title={props.replace ? t`替换投标文件` : t`上传投标文件及物料清单`}
      actions={
        <BackLink to="/platform/tenderManagement/$id" params={{ id: props.id }}>
          <Trans>返回详情</Trans>
        </BackLink>
      }
    />
  );
  return (
    <RecordStates
      query={useQuery(tenderRecordQueryOptions(props.supplierId, props.id))}
      frame={(content) => (
        <>
          {header}
          {content}
        </>
      )}
      isMissing={isRecordMissing}
      missing={{ description: t`该投标记录不存在，或不属于当前账号。` }}
      failedTitle={t`投标记录加载失败`}
    >
      {(record, staleNote) => (
        <>
          {header}
          {staleNote}
          <BidRecord {...props} record={record} />
        </>
      )}
    </RecordStates>
  );
}

function BidRecord({
  supplierId,
  supplierCode,
  supplierStatus,
  record,
  mend,
  replace = false,
  onQueued,
}: BidPageProps & { record: Clocked<TenderRecordDetail> }) {
  // The bid service's clock, not the phone's, says whether the cut-off has passed.
  const now = useServerNow(record.clockOffset);
  const call = replace ? 'tenderReplaceBid' : 'tenderSubmitBid';
  // Mending the record's refused bid: that write is what "waits" on the record, and it is the one opened.
  const waiting = (useTenderOutbox(supplierId).get(record.id) ?? []).some(
    (entry) => !(entry.id === mend && entry.call === call && isMendable(entry)),
  );
  const blocked = actionReasons(record, { now, waiting, supplierStatus })[replace ? 'replace' : 'bid'];
  const tenderNo = record.tenderNo;

  return (
    <div className="card space-y-4">
      <p className="text-sm text-slate-600">
        <Trans>
          招标编号 <span className="font-mono">{tenderNo}</span>
        </Trans>{' '}
        <span className="break-words text-slate-900">{record.title}</span>
      </p>
      {blocked ? (
        <EmptyState title={blocked} description={questionHint(supplierStatus)} />
      ) : (
        <BidForm
          key={`${record.id}|${mend ?? ''}|${replace ? (record.bid?.version ?? '') : ''}`}
          record={record}
          replacing={replace ? (record.bid ?? undefined) : undefined}
          supplierId={supplierId}
          supplierCode={supplierCode}
          mend={mend}
          onQueued={onQueued}
        />
      )}
    </div>
  );
}
