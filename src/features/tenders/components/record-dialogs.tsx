import type { TenderRecordSummary } from '@contract/schemas/tender';
import type { UrlAction } from '../tender-search';
import { DepositDialog } from './deposit-dialog';
import { RefundDialog } from './refund-dialog';

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
  return action === 'deposit' ? (
    <DepositDialog key={`${record.id}|${mend ?? ''}`} open record={record} supplierId={supplierId} supplierCode={supplierCode} mend={mend} clockOffset={clockOffset} onClose={onClose} />
  ) : (
    <RefundDialog key={`${record.id}|${mend ?? ''}`} open record={record} supplierId={supplierId} supplierCode={supplierCode} mend={mend} onClose={onClose} />
  );
}
