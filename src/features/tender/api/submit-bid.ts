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
  /**
   * The version of the standing bid this one replaces, as the supplier saw it: the bid goes as
   * `/tender/replaceBid` (a new version; refused, bidVersionChanged, if another stands by then).
   * Absent: a first bid, or one after a withdrawal (`/tender/submitBid`).
   */
  replacing?: number | undefined;
  /** The refused bid entry this one mends (takes its place in the outbox). */
  replaces?: string;
}

const replacementSummary = (version: number, tenderNo: string) => i18n._(msg`替换投标文件（第 ${version} 版）：${tenderNo}`);

/**
 * Writes the bid to the outbox first: four kinds of file fields in one entry, uploaded in
 * order, their FileRefs put where the payload expects them (`certificates.<i>.files` for each
 * certificate). Sent once as `/tender/submitBid`, or `/tender/replaceBid` with the version it
 * replaces (the whole bid again: a submitted bid is never edited); the cut-off time is the
 * entry's deadline. Throws StorageFullError when the device has no room (nothing is written then).
 */
export function queueSubmitBid({
  supplierId,
  supplierCode,
  record,
  bidDocuments,
  certificates,
  billOfMaterials,
  replacing,
  replaces,
}: QueueSubmitBidInput) {
  const tenderNo = record.tenderNo;
  return enqueue({
    owner: supplierOwner(supplierId),
    thread: tenderThread(record.id),
    call: replacing === undefined ? 'tenderSubmitBid' : 'tenderReplaceBid',
    payload: {
      tenderRecordId: record.id,
      supplierCode,
      ...(replacing === undefined ? {} : { version: replacing }),
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
    summary: replacing === undefined ? i18n._(msg`提交投标文件：${tenderNo}`) : replacementSummary(replacing, tenderNo),
    ...(replaces ? { replaces } : {}),
  });
}
