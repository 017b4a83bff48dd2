import { HEADER, STORED_AT_HEADER } from '@contract/http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerPublicCall, canonicalKey, closePublicStore, MAX_STORED_ANSWERS, PUBLIC_DB_NAME, readAnswer, writeAnswer } from './public-store';

const LIST = '/business/listByPage';
const url = 'http://portal.test/bid-web/bid-service/business/listByPage';

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });
const envelope = (code: string, data: unknown = { records: [{ id: 'n1' }], total: 1 }) =>
  new Response(JSON.stringify({ code, message: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });

/** Runs a call and waits for the write the worker would keep it alive for. */
async function call(request: Request, send: (r: Request) => Promise<Response>, timeoutMs?: number) {
  const writes: Promise<unknown>[] = [];
  const response = await answerPublicCall(request, LIST, { fetch: send, timeoutMs, waitUntil: (w) => writes.push(w) });
  await Promise.all(writes);
  return response;
}

afterEach(async () => {
  await closePublicStore();
  await new Promise((resolve) => {
    const req = indexedDB.deleteDatabase(PUBLIC_DB_NAME);
    req.onsuccess = req.onerror = resolve;
  });
  vi.useRealTimers();
});

describe('canonicalKey', () => {
  it('is the same for the same request however it is written', () => {
    const a = canonicalKey(LIST, {});
    expect(canonicalKey(LIST, { pageNo: 1, bindOrPurchase: 0, pageSize: 10 })).toBe(a);
    expect(canonicalKey(LIST, { pageSize: '10', pageNo: '1', searchContent: '  ' })).toBe(a);
    expect(canonicalKey(LIST, { searchContent: ' 纸 ', pageNo: 2 })).toBe(canonicalKey(LIST, { pageNo: 2, searchContent: '纸' }));
  });

  it('tells different requests and paths apart', () => {
    expect(canonicalKey(LIST, { bindOrPurchase: 1 })).not.toBe(canonicalKey(LIST, {}));
    expect(canonicalKey(LIST, { searchContent: '12' })).toContain('"searchContent":"12"');
    expect(canonicalKey('/business/getById', { id: '007' })).toBe('/business/getById|{"id":"007"}');
  });
});

describe('answerPublicCall', () => {
  it('answers from the network and stores an E000 answer', async () => {
    const res = await call(post({ pageNo: 1 }), async () => envelope('E000'));
    expect(res.headers.get(STORED_AT_HEADER)).toBeNull();
    expect((await res.json()).code).toBe('E000');
    expect(await readAnswer(canonicalKey(LIST, {}))).toMatchObject({ body: expect.stringContaining('n1') });
  });

  it('never stores a non-E000 answer or one asked with a token', async () => {
    await call(post({}), async () => envelope('E400'));
    await call(post({}, { [HEADER.token]: 'secret' }), async () => envelope('E000'));
    expect(await readAnswer(canonicalKey(LIST, {}))).toBeUndefined();
  });

  it('serves the stored answer with its time when the bid service is gone', async () => {
    await writeAnswer(canonicalKey(LIST, {}), JSON.stringify({ code: 'E000', data: { records: [], total: 0 } }), Date.UTC(2026, 0, 2, 3, 4, 5));
    const res = await call(post({ pageSize: 10 }), () => Promise.reject(new TypeError('Failed to fetch')));
    expect(res.headers.get(STORED_AT_HEADER)).toBe('2026-01-02T03:04:05.000Z');
    expect((await res.json()).code).toBe('E000');
    // A token does not stop a public answer from being read back.
    const withToken = await call(post({}, { [HEADER.token]: 't' }), async () => new Response('bad gateway', { status: 502 }));
    expect(withToken.headers.get(STORED_AT_HEADER)).not.toBeNull();
  });

  it('lets the failure through when nothing is stored', async () => {
    await expect(call(post({}), () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
    const res = await call(post({}), async () => new Response('down', { status: 503 }));
    expect(res.status).toBe(503);
  });

  it('does not wait past the timeout when an answer is stored, and stores the late answer', async () => {
    await writeAnswer(canonicalKey(LIST, {}), JSON.stringify({ code: 'E000', data: 'old' }), 1);
    let late!: (r: Response) => void;
    const writes: Promise<unknown>[] = [];
    const res = await answerPublicCall(post({}), LIST, { fetch: () => new Promise((r) => (late = r)), timeoutMs: 20, waitUntil: (w) => writes.push(w) });
    expect((await res.json()).data).toBe('old');
    late(envelope('E000', 'new'));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    await Promise.all(writes);
    expect((await readAnswer(canonicalKey(LIST, {})))?.body).toContain('new');
  });

  it('keeps at most MAX_STORED_ANSWERS, dropping the oldest', async () => {
    for (let i = 0; i <= MAX_STORED_ANSWERS; i++) await writeAnswer(`k${i}`, '{}', i + 1);
    expect(await readAnswer('k0')).toBeUndefined();
    expect(await readAnswer(`k${MAX_STORED_ANSWERS}`)).toEqual({ key: `k${MAX_STORED_ANSWERS}`, body: '{}', storedAt: MAX_STORED_ANSWERS + 1 });
  });
});
