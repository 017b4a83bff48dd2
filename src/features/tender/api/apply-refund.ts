import type { TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { tenderThread } from '../tender-thread';

export interface QueueRefundInput {
  supplierId: string;
  supplierCode: string;
  record: Pick<TenderRecordSummary, 'id' | 'tenderNo'>;
  remark: string;
  /** The refused refund entry this one mends (takes its place in the outbox). */
  replaces?: string;
}

/**
 * Writes the refund request to the outbox first; the sync engine sends `/tender/applyRefund`
 * once, when it can. No deadline: a refund may be asked for at any time after losing.
 * Throws StorageFullError when the device has no room (nothing is written then).
 */
export function queueRefund({ supplierId, supplierCode, record, remark, replaces }: QueueRefundInput) {
  const tenderNo = record.tenderNo;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: tenderThread(record.id),
    call: 'tenderApplyRefund',
    payload: { tenderRecordId: record.id, supplierCode, remark: remark.trim() },
    deadline: null,
    summary: i18n._(msg`申请退还保证金：${tenderNo}`),
    ...(replaces ? { replaces } : {}),
  });
}
