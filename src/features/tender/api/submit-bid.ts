import type { TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { tenderThread } from '../tender-thread';

export interface QueueSubmitBidInput {
  supplierId: string;
  supplierCode: string;
  record: Pick<TenderRecordSummary, 'id' | 'tenderNo' | 'cutoffTime'>;
  bidDocuments: File[];
  /** One group per certificate the notice requires, in the notice's order. */
  certificates: { name: string; files: File[] }[];
  billOfMaterials: File;
  /** The refused bid entry this one mends (takes its place in the outbox). */
  replaces?: string;
}

/**
 * Writes the bid to the outbox first: four kinds of file fields in one entry, uploaded in
 * order, their FileRefs put where the payload expects them (`certificates.<i>.files` for each
 * certificate). Sent once as `/tender/submitBid`; the cut-off time is the entry's deadline.
 * Throws StorageFullError when the device has no room (nothing is written then).
 */
export function queueSubmitBid({
  supplierId,
  supplierCode,
  record,
  bidDocuments,
  certificates,
  billOfMaterials,
  replaces,
}: QueueSubmitBidInput) {
  const tenderNo = record.tenderNo;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: tenderThread(record.id),
    call: 'tenderSubmitBid',
    payload: {
      tenderRecordId: record.id,
      supplierCode,
      bidDocuments: [],
      certificates: certificates.map(({ name }) => ({ name, files: [] })),
      billOfMaterials: [],
    },
    files: [
      { field: 'bidDocuments', files: bidDocuments, label: i18n._(msg`投标文件`) },
      ...certificates.map(({ name, files }, i) => ({ field: `certificates.${i}.files`, files, label: name })),
      { field: 'billOfMaterials', files: [billOfMaterials], label: i18n._(msg`物料清单`) },
    ],
    deadline: Date.parse(record.cutoffTime),
    summary: i18n._(msg`提交投标文件：${tenderNo}`),
    ...(replaces ? { replaces } : {}),
  });
}
