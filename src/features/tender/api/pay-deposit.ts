import type { DepositType, TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { tenderThread } from '../tender-thread';

export interface QueuePayDepositInput {
  supplierId: string;
  supplierCode: string;
  record: Pick<TenderRecordSummary, 'id' | 'tenderNo' | 'cutoffTime'>;
  depositType: DepositType;
  amount: number;
  /** YYYY-MM-DD */
  paymentDate: string;
  remittanceSlip: File;
  /** The refused deposit entry this one mends (takes its place in the outbox). */
  replaces?: string;
}

/**
 * Writes the deposit to the outbox first; the sync engine uploads the slip and sends
 * `/tender/payDeposit` once, when it can, and warns as the notice's cut-off nears. Throws
 * StorageFullError when the device has no room (nothing is written then).
 */
export function queuePayDeposit({
  supplierId,
  supplierCode,
  record,
  depositType,
  amount,
  paymentDate,
  remittanceSlip,
  replaces,
}: QueuePayDepositInput) {
  const tenderNo = record.tenderNo;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: tenderThread(record.id),
    call: 'tenderPayDeposit',
    payload: { tenderRecordId: record.id, supplierCode, depositType, amount, paymentDate, remittanceSlip: [] },
    files: [{ field: 'remittanceSlip', files: [remittanceSlip], label: i18n._(msg`汇款凭证`) }],
    deadline: Date.parse(record.cutoffTime),
    summary: i18n._(msg`缴纳保证金：${tenderNo}`),
    ...(replaces ? { replaces } : {}),
  });
}
