import { BASE_PATH, HEADER } from '@contract/http';
import { message } from '@/locales/wire';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner, visitorOwner, type OutboxEntry } from './db';
import { getSyncState, onSyncState } from './events';
import { enqueue, listEntries, onSent, type EnqueueInput } from './outbox';
import { getEntry, patchEntry } from './outbox-store';
import { backoffDelay, BACKOFF_MAX_MS, notifyLogin, resetSyncForTests, startSync, syncNow, whenIdle } from './sync-engine';
import { logIn, logOut, resetPortalDb, useNodeBlobs } from './test-helpers';
import type { UploadFailure as UploadFailureType } from './uploads';

vi.mock('./uploads', () => ({ uploadFile: vi.fn() }));
const { uploadFile } = vi.mocked(await import('./uploads'));

const url = (path: string) => `${location.origin}${BASE_PATH}${path}`;
const server = setupServer();
const A = supplierOwner('sa');
const B = supplierOwner('sb');
const VISITOR = visitorOwner('13900000001');

interface Seen {
  path: string;
  key: string | null;
  token: string | null;
  body: Record<string, unknown>;
}
let seen: Seen[] = [];
type Reply = (body: Record<string, unknown>) => Response | Promise<Response>;
const envelope = (code: string, msg = 'ok', data: unknown = null, reason?: string) =>
  HttpResponse.json({ code, message: msg, data }, reason ? { headers: { 'X-Reason': reason } } : undefined);

/** The bid service for the three outbox calls: `reply` decides each answer (E000 by default). */
function bidService(reply: Reply = () => envelope('E000', 'ok', { id: 'r1' })) {
  server.use(
    http.post(url('/:group/:name'), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      seen.push({ path: `/${String(params.group)}/${String(params.name)}`, key: request.headers.get(HEADER.idempotencyKey), token: request.headers.get(HEADER.token), body });
      return reply(body);
    }),
  );
}

/** Answers in turn, the last one repeated. */
const inTurn = (...replies: Reply[]): Reply => {
  let i = 0;
  return (body) => replies[Math.min(i++, replies.length - 1)]!(body);
};

const replyTo = (thread: string, detail: string, over: Partial<EnqueueInput> = {}): EnqueueInput => ({
  owner: A,
  thread,
  call: 'communicationReply',
  payload: { communicationId: thread, detail },
  summary: detail,
  ...over,
});

async function sync(): Promise<void> {
  syncNow();
  await whenIdle();
}

async function only(): Promise<OutboxEntry> {
  const entries = await listEntries([A, B, VISITOR]);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  useNodeBlobs();
  seen = [];
  logIn('sa');
  startSync();
  await whenIdle();
});
afterEach(async () => {
  resetSyncForTests();
  server.resetHandlers();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  uploadFile.mockReset();
  await resetPortalDb();
});
afterAll(() => server.close());

describe('a sent entry', () => {
  it('queued → sending → deleted on E000, with its idempotency key and the live token; onSent hears the answer', async () => {
    const statuses: string[] = [];
    bidService(async (body) => {
      const entries = await listEntries([A]);
      statuses.push(entries[0]!.status);
      return envelope('E000', 'ok', { id: 'r1', detail: body.detail });
    });
    const sent = vi.fn();
    const stop = onSent(sent);
    const entry = await enqueue(replyTo('c1', '你好'));
    await whenIdle();
    stop();
    expect(statuses).toEqual(['sending']);
    expect(seen).toEqual([{ path: '/communication/reply', key: entry.idempotencyKey, token: 'tok-sa', body: { communicationId: 'c1', detail: '你好' } }]);
    expect(await listEntries([A])).toEqual([]);
    expect(sent).toHaveBeenCalledWith(expect.objectContaining({ id: entry.id }), { id: 'r1', detail: '你好' });
  });

  it('a visitor entry is public: sent with nobody logged in', async () => {
    logOut();
    bidService();
    await enqueue(replyTo('visitor:13900000001', 'v', { owner: VISITOR, call: 'h5SavePersonnelEntity', payload: { pass: 'v1.a.b', person: {} } }));
    await whenIdle();
    expect(seen.map((s) => [s.path, s.token])).toEqual([['/h5/savePersonnelEntity', null]]);
  });
});

describe('a business error (E4xx)', () => {
  it('→ failed with the server message, and not sent again by later syncs', async () => {
    bidService(() => envelope('E409', message('communicationClosed', 'zh-CN')));
    await enqueue(replyTo('c1', 'late'));
    await whenIdle();
    expect(await only()).toMatchObject({ status: 'failed', attempts: 0, lastError: { code: 'E409', message: '该沟通已关闭，不能再回复' } });
    await sync();
    expect(seen).toHaveLength(1);
  });

  it('acts on the reason the bid service gives (X-Reason), never on its translated text', async () => {
    // The words of "still in flight" with another reason: final, kept with that reason.
    bidService(() => envelope('E409', message('inProgress', 'zh-CN'), null, 'communicationClosed'));
    await enqueue(replyTo('c1', 'words'));
    await whenIdle();
    expect(await only()).toMatchObject({ status: 'failed', lastError: { code: 'E409', reason: 'communicationClosed' } });
  });
});

describe('E401', () => {
  it('→ every queued entry of that owner paused; other owners untouched; resumed only by the same owner logging in', async () => {
    bidService(inTurn(() => envelope('E401', '会话已超时')));
    const first = await enqueue(replyTo('c1', 'one'));
    await whenIdle();
    expect((await getEntry(first.id))!.status).toBe('paused');
    // Written later under the same cookies: it goes, gets E401 too, and waits with the first.
    await enqueue(replyTo('c2', 'two'));
    await whenIdle();
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused']);
    expect((await listEntries([A]))[0]!.lastError).toEqual({ code: 'E401', message: '会话已超时' });

    // Another supplier logs in on this device: A's entries neither resume nor go.
    server.resetHandlers();
    bidService();
    seen = [];
    logIn('sb');
    notifyLogin('sb');
    await whenIdle();
    await sync();
    expect(seen).toEqual([]);
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused']);
    expect(await listEntries([B])).toEqual([]);

    // A logs in again: both go, in order, with their first keys.
    const keys = (await listEntries([A])).map((e) => e.idempotencyKey);
    logIn('sa');
    notifyLogin('sa');
    await whenIdle();
    expect(seen.map((s) => [s.body.detail, s.key, s.token])).toEqual([
      ['one', keys[0], 'tok-sa'],
      ['two', keys[1], 'tok-sa'],
    ]);
    expect(await listEntries([A])).toEqual([]);
  });

  it('pauses the queued entries of the owner that did not go yet', async () => {
    logOut();
    bidService(() => envelope('E401', '会话已超时'));
    await enqueue(replyTo('c1', 'one'));
    await enqueue(replyTo('c2', 'two'));
    logIn('sa');
    await sync();
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused']);
    expect(seen.length).toBeGreaterThanOrEqual(1);
  });
});

describe('discard while sending', () => {
  it('an entry discarded in flight stays deleted, whatever the answer', async () => {
    const { discard } = await import('./outbox');
    bidService(async () => {
      await discard((await only()).id);
      return HttpResponse.error();
    });
    await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    expect(seen).toHaveLength(1);
    expect(await listEntries([A])).toEqual([]);
  });
});

describe('transient failures keep the entry queued with the same key, backing off with jitter', () => {
  const cases: [string, Reply][] = [
    ['a network error', () => HttpResponse.error()],
    ['HTTP 500 without an envelope', () => new HttpResponse('<html>bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } })],
    ['E500', () => envelope('E500', 'boom')],
    ['E429', () => envelope('E429', 'slow down')],
    ['E409 inProgress', () => envelope('E409', message('inProgress', 'en'), null, 'inProgress')],
  ];
  it.each(cases)('%s → queued, attempts+1, next attempt in 0.5–1.5 s', async (_name, failure) => {
    bidService(failure);
    const before = Date.now();
    const entry = await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    const after = await only();
    expect(after).toMatchObject({ status: 'queued', attempts: 1, idempotencyKey: entry.idempotencyKey });
    expect(after.lastError).not.toBeNull();
    expect(after.nextAttemptAt - before).toBeGreaterThanOrEqual(500);
    expect(after.nextAttemptAt - Date.now()).toBeLessThanOrEqual(1500);
  });

  it('a timeout is a network error: queued again', async () => {
    const timeout = AbortSignal.timeout.bind(AbortSignal);
    vi.spyOn(AbortSignal, 'timeout').mockImplementation(() => timeout(30));
    bidService(() => new Promise(() => {}));
    await enqueue(replyTo('c1', 'slow'));
    await whenIdle();
    expect(await only()).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('the backoff timer sends again with the same key: 500, 500, then E000 → applied once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    bidService(inTurn(() => envelope('E500', 'boom'), () => new HttpResponse(null, { status: 500 }), () => envelope('E000', 'ok', {})));
    const entry = await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    expect((await only()).attempts).toBe(1);
    await vi.advanceTimersByTimeAsync(1600);
    await whenIdle();
    expect((await only()).attempts).toBe(2);
    // The second wait is 1–3 s.
    await vi.advanceTimersByTimeAsync(900);
    await whenIdle();
    expect(seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2200);
    await whenIdle();
    expect(seen.map((s) => s.key)).toEqual([entry.idempotencyKey, entry.idempotencyKey, entry.idempotencyKey]);
    expect(await listEntries([A])).toEqual([]);
  });

  it('backoffDelay: 1 s · 2^(n-1) ± 50 %, never over 5 min', () => {
    for (let n = 1; n <= 20; n++) {
      const base = Math.min(1000 * 2 ** (n - 1), BACKOFF_MAX_MS);
      expect(backoffDelay(n, () => 0)).toBe(Math.round(base * 0.5));
      expect(backoffDelay(n, () => 0.999999)).toBe(Math.min(Math.round(base * 1.499999), BACKOFF_MAX_MS));
      const random = backoffDelay(n);
      expect(random).toBeGreaterThanOrEqual(base * 0.5 - 1);
      expect(random).toBeLessThanOrEqual(Math.min(base * 1.5, BACKOFF_MAX_MS));
    }
  });
});

describe('owners', () => {
  it("supplier A's entries are never sent while B is logged in, nor with nobody logged in", async () => {
    bidService();
    logIn('sb');
    await enqueue(replyTo('c1', 'from A'));
    await whenIdle();
    logOut();
    await sync();
    expect(seen).toEqual([]);
    expect(await listEntries([B])).toEqual([]);
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['queued']);
    logIn('sa');
    await sync();
    expect(seen.map((s) => s.token)).toEqual(['tok-sa']);
  });
});

describe('FIFO per thread', () => {
  it('sends a thread in the order written', async () => {
    bidService();
    logOut();
    for (const detail of ['1', '2', '3']) await enqueue(replyTo('c1', detail));
    logIn('sa');
    await sync();
    expect(seen.map((s) => s.body.detail)).toEqual(['1', '2', '3']);
  });

  it('a failed older entry blocks its thread but not the others', async () => {
    bidService((body) => (body.detail === 'bad' ? envelope('E400', '内容有误') : envelope('E000', 'ok', {})));
    logOut();
    await enqueue(replyTo('c1', 'bad'));
    await enqueue(replyTo('c1', 'after bad'));
    await enqueue(replyTo('c2', 'other thread'));
    logIn('sa');
    await sync();
    expect(seen.map((s) => s.body.detail).sort()).toEqual(['bad', 'other thread']);
    expect((await listEntries([A])).map((e) => [e.summary, e.status])).toEqual([
      ['bad', 'failed'],
      ['after bad', 'queued'],
    ]);
  });

  it('an entry waiting for its backoff blocks the younger ones of its thread', async () => {
    bidService(inTurn(() => HttpResponse.error(), () => envelope('E000', 'ok', {})));
    logOut();
    await enqueue(replyTo('c1', 'first'));
    await enqueue(replyTo('c1', 'second'));
    logIn('sa');
    await sync();
    await sync();
    expect(seen.map((s) => s.body.detail)).toEqual(['first']);
  });
});

describe('uploads', () => {
  it('go before the entry; their FileRefs are appended to the field', async () => {
    const order: string[] = [];
    uploadFile.mockImplementation(async (id: string) => {
      order.push(`upload ${id}`);
      return { name: `${id}.pdf`, url: `/f/${id}`, path: `f/${id}` };
    });
    bidService((body) => {
      order.push('entry');
      return envelope('E000', 'ok', body);
    });
    const existing = { name: 'old.pdf', url: '/f/old', path: 'f/old' };
    const entry = await enqueue(replyTo('c1', 'with files', { payload: { communicationId: 'c1', detail: 'x', attachments: [existing] }, files: [{ field: 'attachments', files: [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')] }] }));
    await whenIdle();
    const [u1, u2] = entry.fileFields[0]!.uploadIds;
    expect(order).toEqual([`upload ${u1}`, `upload ${u2}`, 'entry']);
    expect(seen[0]!.body.attachments).toEqual([existing, { name: `${u1}.pdf`, url: `/f/${u1}`, path: `f/${u1}` }, { name: `${u2}.pdf`, url: `/f/${u2}`, path: `f/${u2}` }]);
  });

  it('an interrupted upload keeps the entry queued (backoff); a refused one fails it', async () => {
    bidService();
    const { UploadFailure } = await vi.importActual<{ UploadFailure: typeof UploadFailureType }>('./uploads');
    uploadFile.mockRejectedValueOnce(new UploadFailure('中断', { retryable: true, code: 'network' }));
    await enqueue(replyTo('c1', 'f', { files: [{ field: 'attachments', files: [new File(['a'], 'a.pdf')] }] }));
    await whenIdle();
    expect(await only()).toMatchObject({ status: 'queued', attempts: 1, lastError: { code: 'network', message: '中断' } });
    expect(seen).toEqual([]);

    uploadFile.mockRejectedValueOnce(new UploadFailure('文件过大', { retryable: false, code: 'E413' }));
    await patchEntry((await only()).id, (e) => ({ ...e, nextAttemptAt: 0 }));
    await sync();
    expect(await only()).toMatchObject({ status: 'failed', lastError: { code: 'E413', message: '文件过大' } });
    expect(seen).toEqual([]);
  });
});

describe('the leader and the triggers', () => {
  it('an entry left "sending" by a closed tab goes again with the same key when a tab becomes leader', async () => {
    resetSyncForTests();
    logOut();
    const entry = await enqueue(replyTo('c1', 'orphan'));
    await patchEntry(entry.id, (e) => ({ ...e, status: 'sending' }));
    logIn('sa');
    bidService();
    startSync();
    await whenIdle();
    expect(seen.map((s) => s.key)).toEqual([entry.idempotencyKey]);
  });

  it('only the tab holding the Web Lock sends', async () => {
    resetSyncForTests();
    const request = vi.fn(() => new Promise<never>(() => {}));
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { locks: { request } }));
    bidService();
    startSync();
    await enqueue(replyTo('c1', 'x'));
    await sync();
    expect(request).toHaveBeenCalledWith('portal-outbox-leader', expect.any(Function));
    expect(seen).toEqual([]);
    // The lock is granted (the leading tab closed): this tab sends.
    const grant = (request.mock.calls[0] as unknown as [string, () => Promise<void>])[1];
    void grant();
    await whenIdle();
    await sync();
    expect(seen).toHaveLength(1);
  });

  it("the service worker's Background Sync message {type:'SYNC_OUTBOX'} sends what is due", async () => {
    resetSyncForTests();
    const worker = new EventTarget();
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: worker }));
    startSync();
    await whenIdle();
    bidService(inTurn(() => HttpResponse.error(), () => envelope('E000', 'ok', {})));
    await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    await patchEntry((await only()).id, (e) => ({ ...e, nextAttemptAt: 0 }));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } }));
    await whenIdle();
    expect(seen).toHaveLength(2);
  });

  it('reports its progress for useConnectivity while it runs', async () => {
    const states: unknown[] = [];
    const stop = onSyncState(() => states.push(getSyncState()));
    bidService();
    logOut();
    for (const thread of ['c1', 'c2', 'c1']) await enqueue(replyTo(thread, thread));
    logIn('sa');
    await sync();
    stop();
    expect(states[0]).toEqual({ syncing: true, progress: { done: 0, total: 3 } });
    expect(states).toContainEqual({ syncing: true, progress: { done: 3, total: 3 } });
    expect(states.at(-1)).toEqual({ syncing: false, progress: null });
  });

  it.each([
    ['online', () => window.dispatchEvent(new Event('online'))],
    ['visibilitychange', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('%s sends what is due', async (_name, trigger) => {
    bidService(inTurn(() => HttpResponse.error(), () => envelope('E000', 'ok', {})));
    await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    await patchEntry((await only()).id, (e) => ({ ...e, nextAttemptAt: 0 }));
    trigger();
    await vi.waitFor(async () => expect(await listEntries([A])).toEqual([]));
    expect(seen).toHaveLength(2);
  });

  it('back online, an entry waiting out its backoff goes at once, not at its timer', async () => {
    bidService(inTurn(() => HttpResponse.error(), () => envelope('E000', 'ok', {})));
    await enqueue(replyTo('c1', 'x'));
    await whenIdle();
    expect((await only()).nextAttemptAt).toBeGreaterThan(Date.now());
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await listEntries([A])).toEqual([]));
    expect(seen).toHaveLength(2);
  });
});
