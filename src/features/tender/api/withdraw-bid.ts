import type { TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { tenderThread } from '../tender-thread';

export interface QueueWithdrawBidInput {
  supplierId: string;
  supplierCode: string;
  record: Pick<TenderRecordSummary, 'id' | 'tenderNo' | 'cutoffTime'>;
  /** The version withdrawn, as the supplier saw it standing (refused, bidVersionChanged, if another stands by then). */
  version: number;
}

/**
 * Writes the withdrawal to the outbox first, in the record's thread (after whatever of the
 * record still waits there); sent once as `/tender/withdrawBid`. The cut-off time is its
 * deadline: a withdrawal that reaches the bid service after it is refused, and the bid stands.
 */
export function queueWithdrawBid({ supplierId, supplierCode, record, version }: QueueWithdrawBidInput) {
  const tenderNo = record.tenderNo;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: tenderThread(record.id),
    call: 'tenderWithdrawBid',
    payload: { tenderRecordId: record.id, supplierCode, version },
    deadline: Date.parse(record.cutoffTime),
    summary: i18n._(msg`撤回投标（第 ${version} 版）：${tenderNo}`),
  });
}
