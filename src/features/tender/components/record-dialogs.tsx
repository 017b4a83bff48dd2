import type { TenderRecordSummary } from '@contract/schemas/tender';
import { lazy, Suspense } from 'react';
import type { UrlAction } from '../tender-search';

/**
 * The dialogs load when one opens, not with the list: their forms, uploads and checks were a
 * dozen of the scripts a phone fetched and ran before it could show the records (precached by
 * the service worker, so they open offline as before).
 */
const DepositDialog = lazy(() => import('./deposit-dialog').then((m) => ({ default: m.DepositDialog })));
const RefundDialog = lazy(() => import('./refund-dialog').then((m) => ({ default: m.RefundDialog })));

export interface Operation {
  action: UrlAction;
  record: TenderRecordSummary;
  /** The refused outbox entry this dialog mends, if any. */
  mend?: string;
}

interface RecordDialogsProps {
  operation: Operation | null;
  supplierId: string;
  supplierCode: string;
  /** The bid service's clock offset of the record's answer: a deposit dialog left open re-checks the cut-off by it. */
  clockOffset: number | undefined;
  onClose: () => void;
}

/** The dialog of the one record being operated on (one at a time: there is one slot). */
export function RecordDialogs({ operation, supplierId, supplierCode, clockOffset, onClose }: RecordDialogsProps) {
  if (!operation) return null;
  const { action, record, mend } = operation;
  return (
    <Suspense fallback={null}>
      {action === 'deposit' ? (
        <DepositDialog
          key={`${record.id}|${mend ?? ''}`}
          open
          record={record}
          supplierId={supplierId}
          supplierCode={supplierCode}
          mend={mend}
          clockOffset={clockOffset}
          onClose={onClose}
        />
      ) : (
        <RefundDialog
          key={`${record.id}|${mend ?? ''}`}
          open
          record={record}
          supplierId={supplierId}
          supplierCode={supplierCode}
          mend={mend}
          onClose={onClose}
        />
      )}
    </Suspense>
  );
}
