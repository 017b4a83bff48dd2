import type { TenderRecordDetail } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { StaleDataNotice } from '@/ui/stale-data-notice';
import { EmptyState } from '@/ui/empty-state';
import { useLoadErrorText } from '@/ui/load-error';
import { PageHeader } from '@/ui/page-header';
import { PageSpinner } from '@/ui/spinner';
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
  onQueued: () => void;
}

const BackLink = ({ id }: { id: string }) => (
  <Link to="/platform/tenderManagement/$id" params={{ id }} className="btn btn-secondary">
    <Trans>返回详情</Trans>
  </Link>
);

/**
 * Upload bid documents and bill of materials for one record. Works offline from the record
 * kept on the device (the query is persisted); the bid then waits in the outbox.
 */
export function BidPage(props: BidPageProps) {
  const { t } = useLingui();
  const query = useQuery(tenderRecordQueryOptions(props.supplierId, props.id));
  const errorText = useLoadErrorText(query.error);
  const header = <PageHeader title={t`上传投标文件及物料清单`} actions={<BackLink id={props.id} />} />;

  if (query.isPending) {
    return (
      <>
        {header}
        <PageSpinner />
      </>
    );
  }
  const missing = query.isError && isRecordMissing(query.error);
  // A record on the device that could not be refreshed stays usable offline, with a note.
  if (query.isError && (missing || query.data === undefined)) {
    return (
      <>
        {header}
        <div className="card" role={missing ? undefined : 'alert'}>
          <EmptyState
            title={missing ? errorText : t`投标记录加载失败`}
            description={missing ? t`该投标记录不存在，或不属于当前账号。` : errorText}
            action={
              missing ? undefined : (
                <button type="button" className="btn btn-secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  <Trans>重试</Trans>
                </button>
              )
            }
          />
        </div>
      </>
    );
  }
  return (
    <>
      {header}
      <StaleDataNotice query={query} />
      <BidRecord {...props} record={query.data} />
    </>
  );
}

function BidRecord({
  supplierId,
  supplierCode,
  supplierStatus,
  record,
  mend,
  onQueued,
}: BidPageProps & { record: Clocked<TenderRecordDetail> }) {
  // The bid service's clock, not the phone's, says whether the cut-off has passed.
  const now = useServerNow(record.clockOffset);
  // Mending the record's refused bid: that write is what "waits" on the record, and it is the one opened.
  const waiting = (useTenderOutbox(supplierId).get(record.id) ?? []).some(
    (entry) => !(entry.id === mend && entry.call === 'tenderSubmitBid' && isMendable(entry)),
  );
  const blocked = actionReasons(record, { now, waiting, supplierStatus }).bid;
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
          key={`${record.id}|${mend ?? ''}`}
          record={record}
          supplierId={supplierId}
          supplierCode={supplierCode}
          mend={mend}
          onQueued={onQueued}
        />
      )}
    </div>
  );
}
