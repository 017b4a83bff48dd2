import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deadlineState, DEADLINE_WARNING_MS } from '@/offline/deadline';
import { supplierOwner } from '@/offline/db';
import { listEntries, listUploads } from '@/offline/outbox';
import { fileOf, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { inDays, SERVER_NOW, summary } from '../test/fixtures';
import { isTenderOutboxCall, tenderThread } from '../tender-thread';
import { queueSubmitBid } from './submit-bid';
import { queueWithdrawBid } from './withdraw-bid';

const OWNER = supplierOwner('s1');
const RECORD = summary(1, { status: 'bidSubmitted', bidVersion: 1, cutoffTime: inDays(0.5) });

beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  // No session: the sync engine leaves the entries where they are.
  logOut();
});
afterEach(async () => {
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});

describe('a replacement and a withdrawal in the outbox', () => {
  it('queues a replacement as tenderReplaceBid naming the version it replaces, with the bid form files, the cut-off as deadline, in the record thread', async () => {
    await queueSubmitBid({
      supplierId: 's1',
      supplierCode: 'GYS100001',
      record: RECORD,
      bidDocuments: [fileOf('投标书-修订.pdf', 2048)],
      certificates: [{ name: '营业执照', files: [fileOf('执照.pdf', 512)] }],
      billOfMaterials: fileOf('bom.xlsx', 300, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
      replacing: 1,
    });
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      call: 'tenderReplaceBid',
      thread: tenderThread('t1'),
      deadline: Date.parse(RECORD.cutoffTime),
      payload: {
        tenderRecordId: 't1',
        supplierCode: 'GYS100001',
        version: 1,
        bidDocuments: [],
        certificates: [{ name: '营业执照', files: [] }],
        billOfMaterials: [],
      },
      summary: '替换投标文件（第 1 版）：ZB2030-0001',
    });
    expect(entry!.fileFields.map((f) => [f.field, f.uploadIds.length])).toEqual([
      ['bidDocuments', 1],
      ['certificates.0.files', 1],
      ['billOfMaterials', 1],
    ]);
    expect((await listUploads(entry!.id)).map((u) => u.name)).toEqual(['投标书-修订.pdf', '执照.pdf', 'bom.xlsx']);
    // Less than 24 h before the cut-off: warned as a bid is, on the record and on /pending.
    expect(deadlineState(entry!, SERVER_NOW)).toBe('near');
    expect(deadlineState(entry!, SERVER_NOW - DEADLINE_WARNING_MS)).toBe('none');
    expect(deadlineState(entry!, Date.parse(RECORD.cutoffTime))).toBe('passed');
    expect(isTenderOutboxCall(entry!.call)).toBe(true);
  });

  it('queues a withdrawal as tenderWithdrawBid naming the version withdrawn, without files, after the record earlier writes (one FIFO thread)', async () => {
    const first = await queueSubmitBid({
      supplierId: 's1',
      supplierCode: 'GYS100001',
      record: RECORD,
      bidDocuments: [fileOf('投标书.pdf', 100)],
      certificates: [],
      billOfMaterials: fileOf('bom.xlsx', 100),
      replacing: 1,
    });
    await queueWithdrawBid({ supplierId: 's1', supplierCode: 'GYS100001', record: RECORD, version: 2 });
    const entries = await listEntries([OWNER]);
    expect(entries.map((e) => [e.call, e.thread])).toEqual([
      ['tenderReplaceBid', 'tender:t1'],
      ['tenderWithdrawBid', 'tender:t1'],
    ]);
    expect(entries[0]!.id).toBe(first.id);
    expect(entries[1]).toMatchObject({
      payload: { tenderRecordId: 't1', supplierCode: 'GYS100001', version: 2 },
      fileFields: [],
      deadline: Date.parse(RECORD.cutoffTime),
      summary: '撤回投标（第 2 版）：ZB2030-0001',
      status: 'queued',
    });
    expect(isTenderOutboxCall('tenderWithdrawBid')).toBe(true);
  });
});
