import { ApiError } from '@/api/errors';
import { onAnswered, reportAnswered } from '@/api/reachability';
import { message } from '@/locales/wire';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner, visitorOwner, type OutboxEntry } from './db';
import { getSyncState, onKick, onSyncState } from './events';
import { discard, enqueue, listEntries, onRefused, onSent, type EnqueueInput } from './outbox';
import * as store from './outbox-store';
import { backoffDelay, BACKOFF_MAX_MS } from './send-entry';
import { createSyncEngine, type SyncEngine, type SyncEngineDeps } from './sync-engine';
import { resetPortalDb, useNodeBlobs } from './test-helpers';
import { UploadFailure } from './uploads';

/**
 * The engine over the real outbox (fake-indexeddb) with fake everything else: `send` records
 * each call and answers what `reply` says (the request layer's own errors, as `request.test.ts`
 * shows it makes them), the session is an object, the clock moves only when told, the jitter
 * is 0.5 (so every backoff is exactly its base: 1 s, 2 s, ...).
 */

const A = supplierOwner('sa');
const B = supplierOwner('sb');
const VISITOR = visitorOwner('13900000001');

interface Sent {
  call: string;
  key: string;
  token: string | undefined;
  body: Record<string, unknown>;
}
type Reply = (body: Record<string, unknown>) => unknown;
let sent: Sent[] = [];
let reply: Reply;
const ok: Reply = () => ({ id: 'r1' });
const refuse = (code: string, text: string, reason?: string) => () => {
  throw new ApiError(code === 'E401' ? 'unauthorized' : 'business', text, { code, reason: reason ?? null });
};
/** No answer (a dropped connection or the request layer's timeout: status -100), or an HTTP status without an envelope. */
const unreachable =
  (status = -100) =>
  () => {
    throw new ApiError('network', `HTTP ${status}`, { status });
  };
/** Answers in turn, the last one repeated. */
const inTurn = (...replies: Reply[]): Reply => {
  let i = 0;
  return (body) => replies[Math.min(i++, replies.length - 1)]!(body);
};

const session: { token: string | undefined; supplierId: string | undefined } = { token: undefined, supplierId: undefined };
const logIn = (supplierId: string) => Object.assign(session, { token: `tok-${supplierId}`, supplierId });
const logOut = () => Object.assign(session, { token: undefined, supplierId: undefined });

/** An hour ahead of the real clock, so what `enqueue` writes now is due; timers fire on `advance`. */
function fakeClock() {
  let now = Date.now() + 3_600_000;
  const timers = new Map<number, { at: number; fire: () => void }>();
  let ids = 0;
  return {
    now: () => now,
    setTimeout: (fire: () => void, ms: number) => (timers.set(++ids, { at: now + ms, fire }), ids),
    clearTimeout: (id: unknown) => void timers.delete(id as number),
    /** Timers set and not fired yet. */
    pending: () => timers.size,
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of timers) {
        if (timer.at > now) continue;
        timers.delete(id);
        timer.fire();
      }
    },
  };
}

let clock: ReturnType<typeof fakeClock>;
const uploadFile = vi.fn<SyncEngineDeps['uploadFile']>();
let engine: SyncEngine;

/** A new engine (the one before it stopped), started. */
function startEngine(deps: Partial<SyncEngineDeps> = {}): SyncEngine {
  engine?.stop();
  engine = createSyncEngine({
    store,
    send: async (entry, body) => {
      sent.push({ call: entry.call, key: entry.idempotencyKey, token: session.token, body });
      return reply(body);
    },
    uploadFile,
    session: () => ({ ...session }),
    triggers: { window, document },
    clock,
    random: () => 0.5,
    ...deps,
  });
  engine.start();
  return engine;
}

const replyTo = (thread: string, detail: string, over: Partial<EnqueueInput> = {}): EnqueueInput => ({
  owner: A,
  thread,
  call: 'communicationReply',
  payload: { communicationId: thread, detail },
  summary: detail,
  ...over,
});

async function sync(): Promise<void> {
  engine.syncNow();
  await engine.whenIdle();
}

async function only(): Promise<OutboxEntry> {
  const entries = await listEntries([A, B, VISITOR]);
  expect(entries).toHaveLength(1);
  return entries[0]!;
}

/** Queues these while nobody is logged in (nothing goes), then logs A in. */
async function queueLoggedOut(...inputs: EnqueueInput[]): Promise<void> {
  logOut();
  for (const input of inputs) await enqueue(input);
  logIn('sa');
}

beforeEach(async () => {
  useNodeBlobs();
  sent = [];
  reply = ok;
  clock = fakeClock();
  logIn('sa');
  await startEngine().whenIdle();
});
afterEach(async () => {
  engine.stop();
  vi.unstubAllGlobals();
  uploadFile.mockReset();
  await resetPortalDb();
});

describe('a sent entry', () => {
  it('queued → sending → deleted on E000, with its idempotency key and the live token; onSent hears the answer', async () => {
    const statuses: string[] = [];
    reply = async (body) => {
      statuses.push((await listEntries([A]))[0]!.status);
      return { id: 'r1', detail: body.detail };
    };
    const heard = vi.fn();
    const stop = onSent(heard);
    const entry = await enqueue(replyTo('c1', '你好'));
    await engine.whenIdle();
    stop();
    expect(statuses).toEqual(['sending']);
    expect(sent).toEqual([
      { call: 'communicationReply', key: entry.idempotencyKey, token: 'tok-sa', body: { communicationId: 'c1', detail: '你好' } },
    ]);
    expect(await listEntries([A])).toEqual([]);
    expect(heard).toHaveBeenCalledWith(expect.objectContaining({ id: entry.id }), { id: 'r1', detail: '你好' });
  });

  it('a visitor entry is public: sent with nobody logged in', async () => {
    logOut();
    await enqueue(
      replyTo('visitor:13900000001', 'v', { owner: VISITOR, call: 'h5SavePersonnelEntity', payload: { pass: 'v1.a.b', person: {} } }),
    );
    await engine.whenIdle();
    expect(sent.map((s) => [s.call, s.token])).toEqual([['h5SavePersonnelEntity', undefined]]);
  });
});

describe('a business error (E4xx) → failed with the server message and reason, never sent again', () => {
  it.each([
    ['a refusal', refuse('E409', message('communicationClosed', 'zh-CN')), { code: 'E409', message: '该沟通已关闭，不能再回复' }],
    [
      'a reused idempotency key',
      refuse('E409', message('idempotencyKeyReused', 'zh-CN'), 'idempotencyKeyReused'),
      { code: 'E409', message: message('idempotencyKeyReused', 'zh-CN'), reason: 'idempotencyKeyReused' },
    ],
    // The reason decides, never the text: the words of "still in flight" with another reason are final.
    [
      'the words of inProgress with another reason',
      refuse('E409', message('inProgress', 'zh-CN'), 'communicationClosed'),
      { code: 'E409', message: message('inProgress', 'zh-CN'), reason: 'communicationClosed' },
    ],
  ])('%s', async (_name, refusal, lastError) => {
    reply = refusal;
    await enqueue(replyTo('c1', 'late'));
    await engine.whenIdle();
    expect(await only()).toMatchObject({ status: 'failed', attempts: 0, lastError });
    clock.advance(BACKOFF_MAX_MS);
    await sync();
    expect(sent).toHaveLength(1);
  });

  it('onRefused hears the refused entry, once, and nothing of a sent one', async () => {
    const refused = vi.fn();
    const stop = onRefused(refused);
    reply = refuse('E409', message('communicationClosed', 'zh-CN'));
    const late = await enqueue(replyTo('c1', 'late'));
    await engine.whenIdle();
    reply = async () => ({});
    await enqueue(replyTo('c2', 'fine'));
    await engine.whenIdle();
    stop();
    expect(refused).toHaveBeenCalledOnce();
    expect(refused).toHaveBeenCalledWith(expect.objectContaining({ id: late.id, status: 'failed' }));
  });
});

describe('E401', () => {
  it('→ every queued entry of that owner paused; other owners untouched; resumed only by the same owner logging in', async () => {
    reply = refuse('E401', '会话已超时');
    const first = await enqueue(replyTo('c1', 'one'));
    await engine.whenIdle();
    expect((await store.getEntry(first.id))!.status).toBe('paused');
    // Written later under the same session: it goes, gets E401 too, and waits with the first.
    await enqueue(replyTo('c2', 'two'));
    await engine.whenIdle();
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused']);
    expect((await listEntries([A]))[0]!.lastError).toEqual({ code: 'E401', message: '会话已超时' });

    // Another supplier logs in on this device: A's entries neither resume nor go.
    reply = ok;
    sent = [];
    logIn('sb');
    engine.notifyLogin('sb');
    await engine.whenIdle();
    await sync();
    expect(sent).toEqual([]);
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused']);
    expect(await listEntries([B])).toEqual([]);

    // A logs in again: both go, in order, with their first keys.
    const keys = (await listEntries([A])).map((e) => e.idempotencyKey);
    logIn('sa');
    engine.notifyLogin('sa');
    await engine.whenIdle();
    expect(sent.map((s) => [s.body.detail, s.key, s.token])).toEqual([
      ['one', keys[0], 'tok-sa'],
      ['two', keys[1], 'tok-sa'],
    ]);
    expect(await listEntries([A])).toEqual([]);
  });

  it('an E401 to the token an attempt started with, after the owner logged in again meanwhile, pauses nothing', async () => {
    // The buyer revoked the session; the supplier logs in again while a send with the old token is on its way.
    reply = inTurn(() => {
      logIn('sa');
      session.token = 'tok-sa-new';
      engine.notifyLogin('sa');
      return refuse('E401', '会话已超时')();
    }, ok);
    const entry = await enqueue(replyTo('c1', 'one'));
    await engine.whenIdle();
    await sync();
    expect(sent.map((s) => [s.body.detail, s.key, s.token])).toEqual([
      ['one', entry.idempotencyKey, 'tok-sa'],
      ['one', entry.idempotencyKey, 'tok-sa-new'],
    ]);
    expect(await listEntries([A])).toEqual([]);
  });

  it('pauses the queued entries of the owner that did not go yet', async () => {
    reply = refuse('E401', '会话已超时');
    // Two threads go side by side; 'three' waits behind 'one' in its thread.
    await queueLoggedOut(replyTo('c1', 'one'), replyTo('c2', 'two'), replyTo('c1', 'three'));
    await sync();
    expect((await listEntries([A])).map((e) => e.status)).toEqual(['paused', 'paused', 'paused']);
    // 'three' had not gone yet: paused by the E401 of 'one' without being sent.
    expect(sent.map((s) => s.body.detail).sort()).toEqual(['one', 'two']);
  });
});

it('an entry discarded in flight stays deleted, whatever the answer', async () => {
  reply = async () => {
    await discard((await only()).id);
    unreachable()();
  };
  await enqueue(replyTo('c1', 'x'));
  await engine.whenIdle();
  expect(sent).toHaveLength(1);
  expect(await listEntries([A])).toEqual([]);
});

describe('transient failures keep the entry queued with the same key, backing off', () => {
  it.each([
    ['no answer (network error or timeout)', unreachable()],
    ['HTTP 502 without an envelope', unreachable(502)],
    ['E500', refuse('E500', 'boom')],
    ['E429', refuse('E429', 'slow down')],
    ['E409 inProgress', refuse('E409', message('inProgress', 'en'), 'inProgress')],
  ])('%s → queued, attempts+1, next attempt 1 s later (jitter 0.5)', async (_name, failure) => {
    reply = failure;
    const entry = await enqueue(replyTo('c1', 'x'));
    await engine.whenIdle();
    const after = await only();
    expect(after).toMatchObject({ status: 'queued', attempts: 1, idempotencyKey: entry.idempotencyKey, nextAttemptAt: clock.now() + 1000 });
    expect(after.lastError).not.toBeNull();
  });

  it('the backoff timer sends again with the same key: 500, 502, then E000 → applied once', async () => {
    reply = inTurn(refuse('E500', 'boom'), unreachable(502), ok);
    const entry = await enqueue(replyTo('c1', 'x'));
    await engine.whenIdle();
    for (const [wait, attempts] of [
      [1000, 2],
      [2000, 3],
    ] as const) {
      clock.advance(wait - 1);
      await engine.whenIdle();
      expect(sent).toHaveLength(attempts - 1);
      clock.advance(1);
      await engine.whenIdle();
      expect(sent).toHaveLength(attempts);
    }
    expect(sent.map((s) => s.key)).toEqual([entry.idempotencyKey, entry.idempotencyKey, entry.idempotencyKey]);
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

it("owners: supplier A's entries are never sent while B is logged in, nor with nobody logged in", async () => {
  logIn('sb');
  await enqueue(replyTo('c1', 'from A'));
  await engine.whenIdle();
  logOut();
  await sync();
  expect(sent).toEqual([]);
  expect(await listEntries([B])).toEqual([]);
  expect((await listEntries([A])).map((e) => e.status)).toEqual(['queued']);
  logIn('sa');
  await sync();
  expect(sent.map((s) => s.token)).toEqual(['tok-sa']);
});

describe('threads', () => {
  it('sends a thread in the order written', async () => {
    await queueLoggedOut(...['1', '2', '3'].map((detail) => replyTo('c1', detail)));
    await sync();
    expect(sent.map((s) => s.body.detail)).toEqual(['1', '2', '3']);
  });

  it('sends four threads side by side, one entry of each at a time', async () => {
    const inFlight = new Set<string>();
    let most = 0;
    // The first sends are held until four are in flight (a fixed 5 ms each let the first one
    // finish before the fourth started on a loaded machine). Then, before letting them go, the
    // outbox is read (after the writes of any fifth worker already under way) and 20 ms pass:
    // a fifth send would show up there and make `most` 5.
    let fourInFlight!: () => void;
    const gate = new Promise<void>((resolve) => (fourInFlight = resolve));
    reply = async (body) => {
      const thread = String(body.communicationId);
      expect(inFlight.has(thread)).toBe(false);
      inFlight.add(thread);
      most = Math.max(most, inFlight.size);
      if (inFlight.size === 4) {
        await listEntries([A]);
        await new Promise((resolve) => setTimeout(resolve, 20));
        fourInFlight();
      }
      await gate;
      inFlight.delete(thread);
      return {};
    };
    await queueLoggedOut(...['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c1', 'c2'].map((thread) => replyTo(thread, thread)));
    await sync();
    expect(most).toBe(4);
    expect(sent).toHaveLength(8);
  });

  it('a failed older entry blocks its thread but not the others', async () => {
    reply = (body) => (body.detail === 'bad' ? refuse('E400', '内容有误')() : {});
    await queueLoggedOut(replyTo('c1', 'bad'), replyTo('c1', 'after bad'), replyTo('c2', 'other thread'));
    await sync();
    expect(sent.map((s) => s.body.detail).sort()).toEqual(['bad', 'other thread']);
    expect((await listEntries([A])).map((e) => [e.summary, e.status])).toEqual([
      ['bad', 'failed'],
      ['after bad', 'queued'],
    ]);
    // The blocked entry sets no timer (one due at once re-read the outbox about 900 times a second).
    expect(clock.pending()).toBe(0);
  });

  it('an entry waiting for its backoff blocks the younger ones of its thread', async () => {
    reply = inTurn(unreachable(), ok);
    await queueLoggedOut(replyTo('c1', 'first'), replyTo('c1', 'second'));
    await sync();
    await sync();
    expect(sent.map((s) => s.body.detail)).toEqual(['first']);
  });
});

describe('uploads', () => {
  it('go before the entry; their FileRefs are appended to the field', async () => {
    const order: string[] = [];
    uploadFile.mockImplementation(async (id) => {
      order.push(`upload ${id}`);
      return { name: `${id}.pdf`, url: `/f/${id}`, path: `f/${id}` };
    });
    reply = (body) => (order.push('entry'), body);
    const existing = { name: 'old.pdf', url: '/f/old', path: 'f/old' };
    const entry = await enqueue(
      replyTo('c1', 'with files', {
        payload: { communicationId: 'c1', detail: 'x', attachments: [existing] },
        files: [{ field: 'attachments', files: [new File(['a'], 'a.pdf'), new File(['b'], 'b.pdf')] }],
      }),
    );
    await engine.whenIdle();
    const [u1, u2] = entry.fileFields[0]!.uploadIds;
    expect(order).toEqual([`upload ${u1}`, `upload ${u2}`, 'entry']);
    expect(sent[0]!.body.attachments).toEqual([
      existing,
      { name: `${u1}.pdf`, url: `/f/${u1}`, path: `f/${u1}` },
      { name: `${u2}.pdf`, url: `/f/${u2}`, path: `f/${u2}` },
    ]);
  });

  it('an interrupted upload keeps the entry queued (backoff); a refused one fails it', async () => {
    uploadFile.mockRejectedValueOnce(new UploadFailure('中断', { retryable: true, code: 'network' }));
    await enqueue(replyTo('c1', 'f', { files: [{ field: 'attachments', files: [new File(['a'], 'a.pdf')] }] }));
    await engine.whenIdle();
    expect(await only()).toMatchObject({ status: 'queued', attempts: 1, lastError: { code: 'network', message: '中断' } });

    uploadFile.mockRejectedValueOnce(new UploadFailure('文件过大', { retryable: false, code: 'E413' }));
    clock.advance(1000);
    await engine.whenIdle();
    expect(await only()).toMatchObject({ status: 'failed', lastError: { code: 'E413', message: '文件过大' } });
    expect(sent).toEqual([]);
  });

  it("an upload refused for the session (tus 401, or another supplier's login) pauses the entry, as E401 does", async () => {
    uploadFile.mockRejectedValueOnce(new UploadFailure('登录已失效', { retryable: false, code: 'E401', needsLogin: true }));
    const entry = await enqueue(replyTo('c1', 'f', { files: [{ field: 'attachments', files: [new File(['a'], 'a.pdf')] }] }));
    await engine.whenIdle();
    expect(await store.getEntry(entry.id)).toMatchObject({ status: 'paused' });
    expect(sent).toEqual([]);
  });
});

describe('the leader and the triggers', () => {
  it('an entry left "sending" by a closed tab goes again with the same key when a tab becomes leader', async () => {
    engine.stop();
    const entry = await enqueue(replyTo('c1', 'orphan'));
    await store.patchEntry(entry.id, (e) => ({ ...e, status: 'sending' }));
    await startEngine().whenIdle();
    expect(sent.map((s) => s.key)).toEqual([entry.idempotencyKey]);
  });

  it('only the tab holding the Web Lock sends; a stopped engine hands the lock on', async () => {
    let grant = (): Promise<void> => Promise.reject(new Error('not asked'));
    const locks = {
      request: vi.fn((_name: string, held: () => Promise<void>) => new Promise<void>((resolve) => (grant = () => held().then(resolve)))),
    };
    startEngine({ locks });
    await enqueue(replyTo('c1', 'x'));
    await sync();
    expect(locks.request).toHaveBeenCalledWith('portal-outbox-leader', expect.any(Function));
    expect(sent).toEqual([]);
    // The lock is granted (the leading tab closed): this tab sends, and holds the lock until stopped.
    const released = grant();
    await engine.whenIdle();
    expect(sent).toHaveLength(1);
    engine.stop();
    await released;
  });

  it.each([
    [
      "the service worker's Background Sync message {type:'SYNC_OUTBOX'}",
      (worker: EventTarget) => worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SYNC_OUTBOX' } })),
    ],
    ['visibilitychange', () => document.dispatchEvent(new Event('visibilitychange'))],
  ])('%s sends what is due', async (_name, trigger) => {
    const worker = new EventTarget();
    await startEngine({ triggers: { window, document, serviceWorker: worker } }).whenIdle();
    reply = inTurn(unreachable(), ok);
    await enqueue(replyTo('c1', 'x'));
    await engine.whenIdle();
    await store.patchEntry((await only()).id, (e) => ({ ...e, nextAttemptAt: 0 }));
    trigger(worker);
    await engine.whenIdle();
    expect(sent).toHaveLength(2);
    expect(await listEntries([A])).toEqual([]);
  });

  it('back online, an entry waiting out its backoff goes at once, not at its timer', async () => {
    reply = inTurn(unreachable(), ok);
    await enqueue(replyTo('c1', 'x'));
    await engine.whenIdle();
    expect((await only()).nextAttemptAt).toBeGreaterThan(clock.now());
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(async () => expect(await listEntries([A])).toEqual([]));
    expect(sent).toHaveLength(2);
  });

  it('reports its progress for useConnectivity while it runs', async () => {
    const states: unknown[] = [];
    const stop = onSyncState(() => states.push(getSyncState()));
    await queueLoggedOut(...['c1', 'c2', 'c1'].map((thread) => replyTo(thread, thread)));
    await sync();
    stop();
    expect(states[0]).toEqual({ syncing: true, progress: { done: 0, total: 3 } });
    expect(states).toContainEqual({ syncing: true, progress: { done: 3, total: 3 } });
    expect(states.at(-1)).toEqual({ syncing: false, progress: null });
  });
});

describe('the bid service answers again: what waits on it goes within seconds', () => {
  /** An entry that found no bid service several times and waits out a minute of backoff (its timer is set). */
  async function waitingAMinute(code = 'HTTP -100'): Promise<OutboxEntry> {
    logOut();
    const { id } = await enqueue(replyTo('c1', 'x'));
    await engine.whenIdle();
    await store.patchEntry(id, (e) => ({
      ...e,
      attempts: 6,
      nextAttemptAt: clock.now() + 60_000,
      lastError: { code, message: 'Network request failed' },
    }));
    logIn('sa');
    await sync();
    return (await store.getEntry(id))!;
  }
  /**
   * Lets a probe's answer and what it sets off settle (the engine's clock is the fake one). Only
   * used before checking that something did NOT happen: a real 20 ms in which it would have.
   */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
  const gone = () => vi.waitFor(async () => expect(await listEntries([A])).toEqual([]));

  it('the page seen again (visibilitychange to visible): an entry waiting out its backoff goes at once', async () => {
    await waitingAMinute();
    document.dispatchEvent(new Event('visibilitychange'));
    await gone();
    expect(sent).toHaveLength(1);
  });

  it('an answer the page heard from the bid service (api/reachability): an entry waiting on it goes at once', async () => {
    await startEngine({ triggers: { window, document, answered: onAnswered } }).whenIdle();
    await waitingAMinute();
    reportAnswered();
    await gone();
    expect(sent).toHaveLength(1);
  });

  it("the engine's own answers go through the request layer too: two entries failing on a gateway's 502 do not wake each other forever", async () => {
    let tooMany!: () => void;
    const wokeForever = new Promise<void>((resolve) => (tooMany = resolve));
    const firstSettled = () =>
      vi.waitFor(async () => {
        const one = (await listEntries([A])).find((e) => e.summary === 'one');
        expect([one?.status, one!.nextAttemptAt > clock.now()]).toEqual(['queued', true]);
      });
    const send: SyncEngineDeps['send'] = async (entry, body) => {
      sent.push({ call: entry.call, key: entry.idempotencyKey, token: session.token, body });
      if (sent.length > 3) tooMany();
      // The second thread's 502 comes back after the first one's was settled.
      if (body.detail === 'two' && sent.filter((s) => s.body.detail === 'two').length === 1) await firstSettled();
      reportAnswered();
      return unreachable(502)();
    };
    await startEngine({ send, triggers: { window, document, answered: onAnswered } }).whenIdle();
    await queueLoggedOut(replyTo('c1', 'one'), replyTo('c2', 'two'));
    engine.syncNow();
    // Idle, or sends that go on (the bug): no time limit that a loaded machine could run past.
    await Promise.race([engine.whenIdle(), wokeForever]);
    // Each once, and one of them once more on the other's answer: then both wait out their backoff.
    expect(sent.length).toBeLessThanOrEqual(3);
    expect((await listEntries([A])).map((e) => [e.status, e.nextAttemptAt > clock.now()])).toEqual([
      ['queued', true],
      ['queued', true],
    ]);
  });

  it('a tab that does not lead: an answer makes what waits on the service due and asks the leader, reading the outbox at most once in 3 s', async () => {
    const allEntries = vi.fn(store.allEntries);
    const kicked = vi.fn();
    const stopKick = onKick(kicked);
    startEngine({
      store: { ...store, allEntries },
      locks: { request: () => new Promise(() => {}) },
      triggers: { window, document, answered: onAnswered },
    });
    const entry = await waitingAMinute();
    kicked.mockClear();
    const reads = allEntries.mock.calls.length;
    reportAnswered();
    await vi.waitFor(async () => expect((await store.getEntry(entry.id))!.nextAttemptAt).toBe(clock.now()));
    await vi.waitFor(() => expect(kicked).toHaveBeenCalled());
    await vi.waitFor(() => expect(allEntries).toHaveBeenCalledTimes(reads + 1));
    reportAnswered();
    await settle();
    expect(allEntries).toHaveBeenCalledTimes(reads + 1);
    stopKick();
  });

  it('a probe that finds the bid service makes an entry waiting on it go at once, not at its timer; then probing stops', async () => {
    const probe = vi.fn(async () => true);
    await startEngine({ probe }).whenIdle();
    await waitingAMinute();
    clock.advance(2999);
    await settle();
    expect(probe).not.toHaveBeenCalled();
    clock.advance(1);
    await gone();
    expect(probe).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expect(clock.pending()).toBe(0);
  });

  it('a probe that finds no service keeps the entry waiting and probes again; the first one that finds it sends', async () => {
    const probe = vi.fn(async () => false);
    await startEngine({ probe }).whenIdle();
    const entry = await waitingAMinute();
    for (const calls of [1, 2, 3]) {
      clock.advance(3000);
      await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(calls));
      // The probe's next timer is set again (beside the backoff's) before the clock moves on.
      await vi.waitFor(() => expect(clock.pending()).toBe(2));
    }
    expect(sent).toEqual([]);
    expect(await only()).toMatchObject({ status: 'queued', nextAttemptAt: entry.nextAttemptAt });
    probe.mockResolvedValue(true);
    clock.advance(3000);
    await gone();
    expect(sent).toHaveLength(1);
  });

  it('probing stops once nothing waits on the service (the entry went when the device came back online)', async () => {
    const probe = vi.fn(async () => false);
    await startEngine({ probe }).whenIdle();
    await waitingAMinute();
    expect(clock.pending()).toBe(2); // the backoff timer and the probe's
    window.dispatchEvent(new Event('online'));
    await gone();
    await engine.whenIdle();
    expect(clock.pending()).toBe(0);
    clock.advance(3000);
    await settle();
    expect(probe).not.toHaveBeenCalled();
  });

  it.each([
    ['the device is offline (navigator.onLine false)', { navigator: { onLine: false } }],
    ['the page is hidden', { document: Object.assign(new EventTarget(), { visibilityState: 'hidden' }) }],
  ])('no probe while %s', async (_name, over) => {
    const probe = vi.fn(async () => true);
    await startEngine({ probe, triggers: { window, document, ...over } }).whenIdle();
    await waitingAMinute();
    expect(clock.pending()).toBe(1); // the backoff timer only
    clock.advance(30_000);
    await settle();
    expect(probe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
  });

  it('no probe for an entry the bid service answered (E500): it waits as told', async () => {
    const probe = vi.fn(async () => true);
    await startEngine({ probe }).whenIdle();
    await waitingAMinute('E500');
    clock.advance(30_000);
    await settle();
    expect(probe).not.toHaveBeenCalled();
  });

  it('a stopped engine leaves no probe timer and hears no more answers', async () => {
    const probe = vi.fn(async () => false);
    let listening = false;
    const answered = (listener: () => void) => {
      const stopAnswers = onAnswered(listener);
      listening = true;
      return () => {
        stopAnswers();
        listening = false;
      };
    };
    await startEngine({ probe, triggers: { window, document, answered } }).whenIdle();
    await waitingAMinute();
    expect(listening).toBe(true);
    expect(clock.pending()).toBe(2); // the backoff timer and the probe's
    engine.stop();
    expect(clock.pending()).toBe(0);
    expect(listening).toBe(false);
    clock.advance(60_000);
    await settle();
    expect(probe).not.toHaveBeenCalled();
  });
});
