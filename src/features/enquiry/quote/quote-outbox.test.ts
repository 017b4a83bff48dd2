import { BASE_PATH, HEADER } from '@contract/http';
import { message } from '@/locales/wire';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { deadlineState } from '@/offline/deadline';
import { listEntries, listUploads, onSent } from '@/offline/outbox';
import { createAppSyncEngine } from '@/offline/app-sync-engine';
import type { SyncEngine } from '@/offline/sync-engine';
import { fileOf, logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { detail, inDays, line } from '../test/fixtures';
import { queueQuote } from './queue-quote';
import { quoteEntryState } from './quote-thread';
import { useQuoteOutbox } from './use-quote-outbox';

vi.mock('@/offline/uploads', () => ({ uploadFile: vi.fn() }));
const { uploadFile } = vi.mocked(await import('@/offline/uploads'));

const A = supplierOwner('sa');
const B = supplierOwner('sb');
const LETTER_REF = { name: '询价函.xlsx', url: '/bid-web/bid-service/file/x', path: 'files/x' };
const ENQUIRY = detail({
  id: 'e1',
  enquiryNo: 'XJ2030-0001',
  round: 2,
  deadline: inDays(1),
  lines: [line(1), line(2, { quantity: '2.000' })],
});
const VALUES = { currency: 'CNY', taxIncluded: true, deliveryDate: '2030-07-15', remark: '', prices: { l1: '1.5', l2: '1000' } };

interface Seen {
  key: string | null;
  token: string | null;
  body: Record<string, unknown>;
}
let seen: Seen[] = [];
let engine: SyncEngine;
const envelope = (code: string, text = 'ok', data: unknown = null, reason?: string) =>
  HttpResponse.json({ code, message: text, data }, reason ? { headers: { 'X-Reason': reason } } : undefined);
const server = setupServer();
function bidService(reply: () => Response) {
  server.use(
    http.post(`${location.origin}${BASE_PATH}/enquiry/quote`, async ({ request }) => {
      seen.push({
        key: request.headers.get(HEADER.idempotencyKey),
        token: request.headers.get(HEADER.token),
        body: (await request.json()) as Record<string, unknown>,
      });
      return reply();
    }),
  );
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  seen = [];
  uploadFile.mockResolvedValue(LETTER_REF);
  logIn('sa');
  engine = createAppSyncEngine();
  engine.start();
  await engine.whenIdle();
});
afterEach(async () => {
  engine.stop();
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  uploadFile.mockReset();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

describe('a quote through the outbox', () => {
  it('is stored first (its round’s thread and deadline, the letter as a named file field), then sent once with its key and the letter’s FileRef', async () => {
    bidService(() => envelope('E000', 'ok', ENQUIRY));
    const sent = vi.fn();
    const stop = onSent(sent);
    const entry = await queueQuote({
      supplierId: 'sa',
      enquiry: ENQUIRY,
      values: VALUES,
      letter: fileOf('询价函.xlsx', 2048, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
    });
    expect(entry).toMatchObject({
      owner: A,
      thread: 'enquiry:e1:2',
      call: 'enquiryQuote',
      deadline: Date.parse(ENQUIRY.deadline),
      // What /pending shows: enquiry no, round and total (1.50 × 12000 + 1000 × 2).
      summary: '报价：XJ2030-0001，第 2 轮，合计 ¥20,000.00',
      payload: {
        enquiryId: 'e1',
        round: 2,
        lines: [
          { lineId: 'l1', price: '1.50' },
          { lineId: 'l2', price: '1000.00' },
        ],
        letter: [],
      },
    });
    expect(entry.fileFields.map((field) => [field.field, field.label, field.uploadIds.length])).toEqual([['letter', '询价函', 1]]);
    expect((await listUploads(entry.id)).map((upload) => upload.name)).toEqual(['询价函.xlsx']);
    // Within 24 hours of the round's deadline (device clock here): the outbox's warning covers it.
    expect(deadlineState(entry, Date.parse(ENQUIRY.deadline) - 3_600_000)).toBe('near');

    await engine.whenIdle();
    stop();
    expect(seen).toEqual([{ key: entry.idempotencyKey, token: 'tok-sa', body: { ...entry.payload, letter: [LETTER_REF] } }]);
    expect(await listEntries([A])).toEqual([]);
    expect(sent).toHaveBeenCalledOnce();
  });

  it('without a letter, the field is an empty array and nothing is uploaded', async () => {
    bidService(() => envelope('E000', 'ok', ENQUIRY));
    await queueQuote({ supplierId: 'sa', enquiry: ENQUIRY, values: VALUES, letter: null });
    await engine.whenIdle();
    expect(seen[0]!.body.letter).toEqual([]);
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('refused because the buyer opened a new round: stopped with the server’s message, kept, never sent again', async () => {
    const refusal = message('roundChanged', 'zh-CN');
    bidService(() => envelope('E409', refusal, null, 'roundChanged'));
    await queueQuote({ supplierId: 'sa', enquiry: ENQUIRY, values: VALUES, letter: null });
    await engine.whenIdle();
    engine.syncNow();
    await engine.whenIdle();
    expect(seen).toHaveLength(1);
    const [kept] = await listEntries([A]);
    expect(kept).toMatchObject({ status: 'failed', lastError: { code: 'E409', message: refusal, reason: 'roundChanged' } });
    // The enquiry now in round 3: the kept quote is offered for copying, never applied.
    expect(quoteEntryState(kept!, { round: 3 })).toBe('roundChanged');
    expect(quoteEntryState(kept!, { round: 2 })).toBe('roundChanged');
  });

  it.each(['pastDeadline', 'enquiryClosed', 'quoteAlreadySubmitted'] as const)(
    'refused with %s: stopped and kept with that message',
    async (key) => {
      bidService(() => envelope('E409', message(key, 'zh-CN')));
      await queueQuote({ supplierId: 'sa', enquiry: ENQUIRY, values: VALUES, letter: null });
      await engine.whenIdle();
      const [kept] = await listEntries([A]);
      expect(kept).toMatchObject({ status: 'failed', lastError: { message: message(key, 'zh-CN') } });
      expect(quoteEntryState(kept!, ENQUIRY)).toBe('stopped');
    },
  );

  it('E401 pauses it for that supplier only; it goes with the same key once that supplier logs in again', async () => {
    bidService(() => envelope('E401', message('unauthorized', 'zh-CN')));
    const entry = await queueQuote({ supplierId: 'sa', enquiry: ENQUIRY, values: VALUES, letter: null });
    await engine.whenIdle();
    expect((await listEntries([A]))[0]!.status).toBe('paused');

    server.resetHandlers();
    bidService(() => envelope('E000', 'ok', ENQUIRY));
    seen = [];
    logIn('sb');
    engine.notifyLogin('sb');
    await engine.whenIdle();
    expect(seen).toEqual([]);
    expect(await listEntries([B])).toEqual([]);

    logIn('sa');
    engine.notifyLogin('sa');
    await engine.whenIdle();
    expect(seen.map((s) => [s.key, s.token])).toEqual([[entry.idempotencyKey, 'tok-sa']]);
    expect(await listEntries([A])).toEqual([]);
  });
});

describe('useQuoteOutbox', () => {
  it('gives an enquiry its waiting and stopped quotes, live, and only this supplier’s', async () => {
    bidService(() => envelope('E409', message('roundChanged', 'en'), null, 'roundChanged'));
    await queueQuote({ supplierId: 'sa', enquiry: { ...ENQUIRY, round: 1 }, values: VALUES, letter: null });
    await engine.whenIdle();
    engine.stop();
    await queueQuote({ supplierId: 'sa', enquiry: ENQUIRY, values: VALUES, letter: null });
    await queueQuote({ supplierId: 'sa', enquiry: { ...ENQUIRY, id: 'e2' }, values: VALUES, letter: null });

    const { result } = renderHook(() => useQuoteOutbox('sa', 'e1'));
    await waitFor(() => expect(result.current.loaded).toBe(true));
    await waitFor(() => expect(result.current.entries).toHaveLength(2));
    expect(result.current.stopped.map((e) => e.payload.round)).toEqual([1]);
    expect(result.current.waiting.map((e) => e.payload.round)).toEqual([2]);
  });
});
