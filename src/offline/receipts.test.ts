import { ApiError } from '@/api/errors';
import { readClaims } from '@contract/receipt-claims';
import { receiptFixture } from '@/test/fixtures';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closePortalDb, supplierOwner, visitorOwner } from './db';
import { enqueue } from './outbox';
import * as store from './outbox-store';
import { keepReceipts, keptReceipts, receiptRecordsOfSent, receiptsIn } from './receipts';
import { createEntrySender, systemClock } from './send-entry';
import { resetPortalDb } from './test-helpers';

const A = supplierOwner('s104');
const B = supplierOwner('s141');

const deposit = receiptFixture({ kind: 'deposit', receivedAt: '2026-11-20T02:30:00.000Z' });
const bid = receiptFixture({ kind: 'bid', version: 1, receivedAt: '2026-11-21T08:00:00.000Z' }, [
  { field: 'bidDocuments', name: '投标书.pdf', size: 1024, sha256: 'a'.repeat(64) },
]);
const kinds = (kept: { receipt: { jws: string } }[]) => kept.map(({ receipt }) => readClaims(receipt.jws)?.kind);

afterEach(async () => {
  vi.resetModules();
  await resetPortalDb();
});

describe('receipts on the device', () => {
  it('a sent entry leaves the outbox with its receipts kept in the same transaction, and they read back after a restart', async () => {
    const entry = await enqueue({
      owner: A,
      thread: 'tender:r1',
      call: 'tenderSubmitBid',
      payload: { id: 'r1' },
      summary: '投标文件 ZB2026110001',
    });
    // The bid service answers the record: its deposit's receipt from before, and this bid's.
    const sender = createEntrySender({
      store,
      send: async () => ({ id: 'r1', status: 'bidSubmitted', receipts: [deposit, bid] }),
      uploadFile: () => Promise.reject(new Error('no files')),
      session: () => ({ token: 'tok', supplierId: 's104' }),
      clock: systemClock,
      random: () => 0.5,
      waitsOnService: () => undefined,
    });
    await sender.process(entry);
    expect(await store.getEntry(entry.id)).toBeUndefined();

    // A restart: the connection closed, every module loaded anew, nothing in memory.
    await closePortalDb();
    vi.resetModules();
    const fresh = await import('./receipts');
    const kept = await fresh.keptReceipts(A);
    expect(kinds(kept)).toEqual(['bid', 'deposit']);
    expect(kept[0]).toMatchObject({ receipt: bid, summary: '投标文件 ZB2026110001' });
    // The deposit's receipt came with the answer, not with this act: no summary of its own.
    expect(kept[1]).toMatchObject({ receipt: deposit, summary: null });
    expect(await fresh.keptReceipts(B)).toEqual([]);
  });

  it('a refused entry keeps no receipt, and a visitor entry never has one', async () => {
    expect(receiptRecordsOfSent({ owner: visitorOwner('139'), summary: 'x' } as never, { receipt: bid })).toEqual([]);
    const entry = await enqueue({ owner: A, thread: 'tender:r1', call: 'tenderSubmitBid', payload: { id: 'r1' }, summary: 'bid' });
    const sender = createEntrySender({
      store,
      send: () => Promise.reject(new ApiError('business', '已过截止时间', { code: 'E409', reason: 'pastDeadline' })),
      uploadFile: () => Promise.reject(new Error('no files')),
      session: () => ({ token: 'tok', supplierId: 's104' }),
      clock: systemClock,
      random: () => 0.5,
      waitsOnService: () => undefined,
    });
    await sender.process(entry);
    expect(await store.getEntry(entry.id)).toMatchObject({ status: 'failed' });
    expect(await keptReceipts(A)).toEqual([]);
  });

  it("a record's screen keeps what it shows without overwriting what a sent entry kept; each owner sees only its own", async () => {
    await store.removeEntry('none', receiptRecordsOfSent({ owner: A, summary: '投标文件' } as never, { receipts: [bid] }, 1));
    await keepReceipts(A, [deposit, bid], 2);
    await keepReceipts(B, [deposit], 3);
    const kept = await keptReceipts(A);
    expect(kinds(kept)).toEqual(['bid', 'deposit']);
    expect(kept[0]).toMatchObject({ summary: '投标文件', keptAt: 1 });
    expect(kept[1]).toMatchObject({ summary: null, keptAt: 2 });
    expect(kinds(await keptReceipts(B))).toEqual(['deposit']);
  });

  it('finds receipts wherever an answer carries them: a record, a quote, the messages of a thread; skips what is no receipt', () => {
    const thread = { messages: [{ receipt: null }, { receipt: deposit }, { receipt: { jws: 'not.a.receipt', files: [] } }] };
    expect(receiptsIn(thread).map(({ claims }) => claims.kind)).toEqual(['deposit']);
    expect(receiptsIn({ quote: { receipt: bid } })).toHaveLength(1);
    expect(receiptsIn('text')).toEqual([]);
  });
});
