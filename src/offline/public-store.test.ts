import { calls } from '@contract/calls';
import { BASE_PATH, HEADER, STORED_AT_HEADER } from '@contract/http';
import { openDB } from 'idb';
import queryString from 'query-string';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  answerKey,
  answerPublicCall,
  canonicalKey,
  canonicalQueryKey,
  closePublicStore,
  MAX_STORED_ANSWERS,
  PUBLIC_DB_NAME,
  PUBLIC_READS,
  publicReadPath,
  readAnswer,
  writeAnswer,
} from './public-store';

const LIST = '/business/listByPage';
const DICTIONARY = '/common/getSelectCodeCommonData';
const origin = 'http://portal.test';
const url = `${origin}${BASE_PATH}${LIST}`;

const post = (body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } });
/** A GET as the portal's request layer sends it (query-string, arrays by index). */
const get = (path: string, query: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new Request(`${origin}${BASE_PATH}${path}?${queryString.stringify(query, { arrayFormat: 'index', sort: false })}`, { headers });
const envelope = (code: string, data: unknown = { records: [{ id: 'n1' }], total: 1 }) =>
  new Response(JSON.stringify({ code, message: 'ok', data }), { headers: { 'Content-Type': 'application/json' } });
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const zh = { [HEADER.language]: 'zh-CN' };
const en = { [HEADER.language]: 'en' };
const vie = { [HEADER.language]: 'vie' };

/** Runs a call and waits for the write the worker would keep it alive for. */
async function call(request: Request, send: (r: Request) => Promise<Response>, timeoutMs?: number, path = LIST) {
  const writes: Promise<unknown>[] = [];
  const response = await answerPublicCall(request, path, { fetch: send, timeoutMs, waitUntil: (w) => writes.push(w) });
  await Promise.all(writes);
  return response;
}
const callGet = (request: Request, send: (r: Request) => Promise<Response>, path = DICTIONARY) => call(request, send, undefined, path);

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

describe('canonicalQueryKey', () => {
  it('reads indexed arrays as the portal writes them, whatever the order of the keys', () => {
    const search = (query: Record<string, unknown>) => `?${queryString.stringify(query, { arrayFormat: 'index', sort: false })}`;
    const key = canonicalQueryKey('/supplier/getSysDictCommonData', search({ types: ['currency', 'mealType'], x: '1' }));
    expect(key).toBe('/supplier/getSysDictCommonData|{"types":["currency","mealType"],"x":"1"}');
    expect(canonicalQueryKey('/supplier/getSysDictCommonData', search({ x: '1', types: ['currency', 'mealType'] }))).toBe(key);
    expect(canonicalQueryKey('/supplier/getSysDictCommonData', search({ types: ['mealType', 'currency'], x: '1' }))).not.toBe(key);
    // Indexes are read in order, as the bid service reads them.
    expect(canonicalQueryKey('/supplier/getSysDictCommonData', '?x=1&types%5B1%5D=mealType&types%5B0%5D=currency')).toBe(key);
    expect(
      canonicalQueryKey(
        '/x',
        `?${queryString.stringify({ q: '纸 & 笔', list: Array.from({ length: 12 }, (_, i) => `v${i}`) }, { arrayFormat: 'index' })}`,
      ),
    ).toBe(`/x|${JSON.stringify({ list: Array.from({ length: 12 }, (_, i) => `v${i}`), q: '纸 & 笔' })}`);
  });

  it('keeps the values as sent', () => {
    expect(canonicalQueryKey(DICTIONARY, '?type=currency')).toBe(`${DICTIONARY}|{"type":"currency"}`);
    expect(canonicalQueryKey('/business/getByProvinceCode', '?provinceCode=07')).not.toBe(
      canonicalQueryKey('/business/getByProvinceCode', '?provinceCode=7'),
    );
    expect(canonicalQueryKey('/supplier/getProductionBaseOrg', '')).toBe('/supplier/getProductionBaseOrg|{}');
  });
});

describe('publicReadPath', () => {
  it('answers every public read of the contract, by its method', () => {
    const reads = Object.values(calls).filter((c) => c.public && 'read' in c);
    expect(reads.map((c) => c.path)).toEqual(
      expect.arrayContaining([LIST, '/business/getById', DICTIONARY, '/supplier/getProductionBaseOrg', '/business/getByProvinceCode']),
    );
    expect(PUBLIC_READS.map((c) => c.path)).toEqual(reads.map((c) => c.path));
    for (const c of reads) expect(publicReadPath(c.method, `${BASE_PATH}${c.path}`)).toBe(c.path);
    expect(publicReadPath('GET', `${BASE_PATH}${LIST}`)).toBeNull();
  });

  it('leaves alone what is not a public read', () => {
    expect(publicReadPath('POST', `${BASE_PATH}/tender/listByPage`)).toBeNull(); // a supplier's own data
    expect(publicReadPath('POST', `${BASE_PATH}/supplier/login`)).toBeNull(); // public, not a read
    expect(publicReadPath('GET', `/other${DICTIONARY}`)).toBeNull();
    expect(publicReadPath('GET', `${BASE_PATH}${DICTIONARY}/x`)).toBeNull();
  });
});

describe('answerPublicCall', () => {
  it('answers from the network and stores an E000 answer', async () => {
    const res = await call(post({ pageNo: 1 }, zh), async () => envelope('E000'));
    expect(res.headers.get(STORED_AT_HEADER)).toBeNull();
    expect((await res.json()).code).toBe('E000');
    expect(await readAnswer(answerKey(canonicalKey(LIST, {}), 'zh-CN'))).toMatchObject({
      request: canonicalKey(LIST, {}),
      language: 'zh-CN',
      body: expect.stringContaining('n1'),
    });
  });

  it('never stores a non-E000 answer', async () => {
    await call(post({}, zh), async () => envelope('E400'));
    await call(post({}, zh), async () => new Response('{"code":"E000"', { headers: { 'Content-Type': 'application/json' } }));
    await callGet(get(DICTIONARY, { type: 'currency' }, zh), async () => envelope('E500', null));
    expect(await readAnswer(answerKey(canonicalKey(LIST, {}), 'zh-CN'))).toBeUndefined();
    expect(await readAnswer(answerKey(canonicalQueryKey(DICTIONARY, '?type=currency'), 'zh-CN'))).toBeUndefined();
    await expect(call(post({}, zh), offline)).rejects.toThrow('Failed to fetch');
  });

  it("stores a public answer asked with a supplier's token: it is the same for everyone", async () => {
    await call(post({ pageNo: 2 }, { ...zh, [HEADER.token]: 'secret', [HEADER.supplierId]: 's1' }), async () =>
      envelope('E000', { records: [{ id: 'n2' }], total: 11 }),
    );
    const stored = await readAnswer(answerKey(canonicalKey(LIST, { pageNo: 2 }), 'zh-CN'));
    expect(stored?.body).toContain('n2');
    // Nothing of the request's headers is kept, the token least of all.
    expect(JSON.stringify(stored)).not.toContain('secret');
    // Read back offline, without a token (logged out) as with one.
    const res = await call(post({ pageNo: 2 }, zh), offline);
    expect(res.headers.get(STORED_AT_HEADER)).not.toBeNull();
    expect((await res.json()).data.records[0].id).toBe('n2');
  });

  it('serves the stored answer with its time when the bid service is gone', async () => {
    await writeAnswer(
      canonicalKey(LIST, {}),
      'zh-CN',
      JSON.stringify({ code: 'E000', data: { records: [], total: 0 } }),
      Date.UTC(2026, 0, 2, 3, 4, 5),
    );
    const res = await call(post({ pageSize: 10 }, zh), offline);
    expect(res.headers.get(STORED_AT_HEADER)).toBe('2026-01-02T03:04:05.000Z');
    expect((await res.json()).code).toBe('E000');
    // A token does not stop a public answer from being read back.
    const withToken = await call(post({}, { ...zh, [HEADER.token]: 't' }), async () => new Response('bad gateway', { status: 502 }));
    expect(withToken.headers.get(STORED_AT_HEADER)).not.toBeNull();
  });

  it('stores a GET with its query and serves it offline', async () => {
    const seen: string[] = [];
    const online = await callGet(get(DICTIONARY, { type: 'currency' }, zh), async (r) => {
      seen.push(`${r.method} ${r.url}`);
      return envelope('E000', [{ code: 'CNY', label: '人民币' }]);
    });
    expect(seen).toEqual([`GET ${origin}${BASE_PATH}${DICTIONARY}?type=currency`]);
    expect(online.headers.get(STORED_AT_HEADER)).toBeNull();

    const res = await callGet(get(DICTIONARY, { type: 'currency' }, zh), offline);
    expect(res.headers.get(STORED_AT_HEADER)).not.toBeNull();
    expect((await res.json()).data).toEqual([{ code: 'CNY', label: '人民币' }]);
    // Another query is another request.
    await expect(callGet(get(DICTIONARY, { type: 'gender' }, zh), offline)).rejects.toThrow('Failed to fetch');

    // Indexed arrays, as the portal sends several dictionaries in one call.
    const DICTS = '/supplier/getSysDictCommonData';
    await callGet(get(DICTS, { types: ['currency', 'mealType'] }, zh), async () => envelope('E000', { currency: [], mealType: [] }), DICTS);
    const both = await callGet(get(DICTS, { types: ['currency', 'mealType'] }, zh), offline, DICTS);
    expect((await both.json()).data).toEqual({ currency: [], mealType: [] });
    await expect(callGet(get(DICTS, { types: ['currency'] }, zh), offline, DICTS)).rejects.toThrow('Failed to fetch');
  });

  it("keys by language and falls back to another language's answer, the newest first", async () => {
    const request = canonicalQueryKey(DICTIONARY, '?type=currency');
    const label = (text: string) => JSON.stringify({ code: 'E000', data: [{ code: 'CNY', label: text }] });
    await writeAnswer(request, 'vie', label('Nhân dân tệ'), 100);
    await writeAnswer(request, 'en', label('Renminbi'), 200);
    const labelOf = async (headers: Record<string, string>) =>
      (await (await callGet(get(DICTIONARY, { type: 'currency' }, headers), offline)).json()).data[0].label;

    expect(await labelOf(vie)).toBe('Nhân dân tệ');
    expect(await labelOf(en)).toBe('Renminbi');
    // Nothing in Chinese: the newest other language rather than a code.
    expect(await labelOf(zh)).toBe('Renminbi');
    // The header is read as the bid service reads it (no header: the default language).
    expect(await labelOf({ [HEADER.language]: 'vi-VN,vi;q=0.9' })).toBe('Nhân dân tệ');
    expect(await labelOf({})).toBe('Renminbi');

    await writeAnswer(request, 'zh-CN', label('人民币'), 50);
    expect(await labelOf(zh)).toBe('人民币');
    // Online, each language is stored beside the others.
    await callGet(get(DICTIONARY, { type: 'currency' }, vie), async () => new Response(label('Đồng nhân dân tệ')));
    expect(await labelOf(vie)).toBe('Đồng nhân dân tệ');
    expect(await labelOf(en)).toBe('Renminbi');
  });

  it('keeps the answers stored before the language was kept, and serves them in every language', async () => {
    const oldKey = canonicalKey(LIST, {});
    const v1 = await openDB(PUBLIC_DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('answers', { keyPath: 'key' }).createIndex('storedAt', 'storedAt');
      },
    });
    await v1.put('answers', {
      key: oldKey,
      body: JSON.stringify({ code: 'E000', data: { records: [{ id: 'v1' }], total: 1 } }),
      storedAt: Date.UTC(2026, 0, 1),
    });
    v1.close();

    const res = await call(post({}, en), offline);
    expect(res.headers.get(STORED_AT_HEADER)).toBe('2026-01-01T00:00:00.000Z');
    expect((await res.json()).data.records[0].id).toBe('v1');
    expect(await readAnswer(oldKey)).toMatchObject({ key: oldKey, request: oldKey });
    // An answer in the asked language, stored since, comes first.
    await call(post({}, en), async () => envelope('E000', { records: [{ id: 'v2' }], total: 1 }));
    expect((await (await call(post({}, en), offline)).json()).data.records[0].id).toBe('v2');
  });

  it('lets the failure through when nothing is stored', async () => {
    await expect(call(post({}), () => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow('Failed to fetch');
    const res = await call(post({}), async () => new Response('down', { status: 503 }));
    expect(res.status).toBe(503);
  });

  it('does not wait past the timeout when an answer is stored, and stores the late answer', async () => {
    await writeAnswer(canonicalKey(LIST, {}), 'zh-CN', JSON.stringify({ code: 'E000', data: 'old' }), 1);
    let late!: (r: Response) => void;
    const writes: Promise<unknown>[] = [];
    const res = await answerPublicCall(post({}, zh), LIST, {
      fetch: () => new Promise((r) => (late = r)),
      timeoutMs: 20,
      waitUntil: (w) => writes.push(w),
    });
    expect((await res.json()).data).toBe('old');
    late(envelope('E000', 'new'));
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    await Promise.all(writes);
    expect((await readAnswer(answerKey(canonicalKey(LIST, {}), 'zh-CN')))?.body).toContain('new');
  });

  it('keeps at most MAX_STORED_ANSWERS, dropping the oldest', async () => {
    for (let i = 0; i <= MAX_STORED_ANSWERS; i++) await writeAnswer(`k${i}`, 'en', '{}', i + 1);
    expect(await readAnswer(answerKey('k0', 'en'))).toBeUndefined();
    expect(await readAnswer(answerKey('k1', 'en'))).toBeDefined();
    const last = `k${MAX_STORED_ANSWERS}`;
    expect(await readAnswer(answerKey(last, 'en'))).toEqual({
      key: answerKey(last, 'en'),
      request: last,
      language: 'en',
      body: '{}',
      storedAt: MAX_STORED_ANSWERS + 1,
    });
  });
});
