import { calls, type CallMeta } from '@contract/calls';
import { BASE_PATH, HEADER, NO_STATUS, STORED_AT_HEADER } from '@contract/http';
import { LANGUAGE_STORAGE_KEY } from '@contract/locales';
import Cookies from 'js-cookie';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiEffects, type ApiEffects } from './effects';
import { ApiError } from './errors';
import { networkFailureEffect } from './network-policy';
import { onAnswered } from './reachability';
import { request } from './request';
import { COOKIE } from './session';

const url = (path: string) => `${location.origin}${BASE_PATH}${path}`;
const server = setupServer();
let effects: { [K in keyof ApiEffects]: ReturnType<typeof vi.fn<ApiEffects[K]>> };

/** Captures what the portal sent, answering with `reply`. */
function capture(
  method: 'get' | 'post',
  path: string,
  reply: () => Response | Promise<Response> = () => HttpResponse.json({ code: 'E000', message: 'ok', data: null }),
) {
  const seen: Request[] = [];
  server.use(
    http[method](url(path), async ({ request: req }) => {
      seen.push(req.clone());
      return reply();
    }),
  );
  return seen;
}

function login(token = 'tok-1', supplierId = 'sup-9') {
  Cookies.set(COOKIE.auth, '1');
  Cookies.set(COOKIE.token, token);
  Cookies.set(COOKIE.supplierId, supplierId);
}

// Test-only calls, typed as an existing name so `request` accepts them.
const getEndpoint = { name: 'fileUpload', path: '/test/list', method: 'GET', public: false, summary: '' } as CallMeta & {
  name: 'fileUpload';
};
const paramsEndpoint = { name: 'supplierGetByToken', path: '/thing/{kind}/{id}', method: 'GET', public: false, summary: '' } as CallMeta & {
  name: 'supplierGetByToken';
};

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  effects = {
    businessError: vi.fn<ApiEffects['businessError']>(),
    unauthorized: vi.fn<ApiEffects['unauthorized']>(),
    networkFailure: vi.fn<ApiEffects['networkFailure']>(),
    needsConnection: vi.fn<ApiEffects['needsConnection']>(),
    tokenLost: vi.fn<ApiEffects['tokenLost']>(),
  };
  setApiEffects(effects);
});

describe('request: the envelope', () => {
  it('answers data for E000', async () => {
    capture('post', '/business/listByPage', () =>
      HttpResponse.json({ code: 'E000', message: '操作成功', data: { records: [], total: 3, pageNo: 1, pageSize: 10 } }),
    );
    await expect(request(calls.businessListByPage, { pageNo: 1 })).resolves.toEqual({ records: [], total: 3, pageNo: 1, pageSize: 10 });
    expect(Object.values(effects).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('fails with ApiError and reports the server message for another code', async () => {
    capture('post', '/supplier/forgetPwd', () => HttpResponse.json({ code: 'E409', message: '只有待处理状态的数据才能操作', data: null }));
    const error = await request(calls.supplierForgetPwd, { code: '1', newPassword: 'a', conPassword: 'a' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'business', code: 'E409', message: '只有待处理状态的数据才能操作' });
    expect(effects.businessError).toHaveBeenCalledWith('只有待处理状态的数据才能操作', 'E409');
  });

  it('keeps quiet with suppressError, and exposes field errors', async () => {
    capture('post', '/supplier/save', () =>
      HttpResponse.json({ code: 'E400', message: 'invalid', data: [{ field: 'email', message: '请输入正确的邮箱地址' }] }, { status: 400 }),
    );
    const error = (await request(calls.supplierSave, {} as never, { suppressError: true }).catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe('business');
    expect(error.fieldErrors).toEqual({ email: '请输入正确的邮箱地址' });
    expect(effects.businessError).not.toHaveBeenCalled();
  });

  it('E401 clears every session cookie and reports unauthorized with the server message', async () => {
    login();
    for (const name of Object.values(COOKIE)) Cookies.set(name, 'x');
    capture('post', '/supplier/getByToken', () => HttpResponse.json({ code: 'E401', message: '会话已超时', data: null }, { status: 401 }));
    const error = await request(calls.supplierGetByToken, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unauthorized', code: 'E401' });
    expect(effects.unauthorized).toHaveBeenCalledWith('会话已超时');
    expect(effects.businessError).not.toHaveBeenCalled();
    for (const name of Object.values(COOKIE)) expect(Cookies.get(name), name).toBeUndefined();
  });
});

const loginBody = { username: 'demo', password: 'Demo1234' };

/** navigator.onLine as the device says it, for one test. */
function deviceOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

describe('request: failures without an envelope', () => {
  afterEach(() => vi.restoreAllMocks());

  it('HTTP 500 without an envelope is a network failure with that status', async () => {
    capture(
      'post',
      '/supplier/login',
      () => new HttpResponse('<h1>Bad gateway</h1>', { status: 500, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await request(calls.supplierLogin, loginBody).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: 500 });
    expect(effects.networkFailure).toHaveBeenCalledWith(500);
  });

  it('a fetch that throws is a network failure with -100', async () => {
    server.use(http.post(url('/supplier/login'), () => HttpResponse.error()));
    const error = await request(calls.supplierLogin, loginBody).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: NO_STATUS });
    expect(effects.networkFailure).toHaveBeenCalledWith(-100);
  });

  it('a timeout is a network failure with -100', async () => {
    server.use(
      http.post(url('/supplier/login'), async () => {
        await delay(500);
        return HttpResponse.json({ code: 'E000', message: '', data: null });
      }),
    );
    const error = await request(calls.supplierLogin, loginBody, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: NO_STATUS });
    expect(effects.networkFailure).toHaveBeenCalledWith(-100);
  });

  it("the caller's own abort is not reported", async () => {
    server.use(
      http.post(url('/supplier/login'), async () => {
        await delay(500);
        return HttpResponse.json({ code: 'E000', message: '', data: null });
      }),
    );
    const controller = new AbortController();
    const pending = request(calls.supplierLogin, loginBody, { signal: controller.signal });
    controller.abort();
    // The abort itself, not an ApiError the caller would show.
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await expect(pending).rejects.not.toBeInstanceOf(ApiError);
    expect(effects.networkFailure).not.toHaveBeenCalled();
  });
});

describe('request: the network-failure policy', () => {
  afterEach(() => vi.restoreAllMocks());

  it('an offline read with a stored answer: the answer, and nothing shown', async () => {
    deviceOnline(false);
    capture('post', '/business/listByPage', () =>
      HttpResponse.json(
        { code: 'E000', message: '', data: { records: [], total: 0, pageNo: 1, pageSize: 10 } },
        { headers: { [STORED_AT_HEADER]: '2026-11-20T08:00:00.000Z' } },
      ),
    );
    const answered = vi.fn();
    const stop = onAnswered(answered);
    await expect(request(calls.businessListByPage, {})).resolves.toMatchObject({ total: 0 });
    stop();
    expect(Object.values(effects).every((fn) => fn.mock.calls.length === 0)).toBe(true);
    // A stored answer is not the bid service answering.
    expect(answered).not.toHaveBeenCalled();
  });

  it('an offline read with nothing stored fails without an alert: the screen shows its own state', async () => {
    deviceOnline(false);
    server.use(http.post(url('/business/listByPage'), () => HttpResponse.error()));
    const error = await request(calls.businessListByPage, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: NO_STATUS });
    expect(effects.networkFailure).not.toHaveBeenCalled();
    expect(effects.needsConnection).not.toHaveBeenCalled();
  });

  it('a read that fails online (a refetch while the service is down) raises no alert, and business errors still show', async () => {
    login();
    server.use(http.post(url('/tender/listByPage'), () => new HttpResponse('down', { status: 502 })));
    await expect(request(calls.tenderListByPage, {})).rejects.toMatchObject({ kind: 'network', status: 502 });
    expect(effects.networkFailure).not.toHaveBeenCalled();
    server.use(http.post(url('/business/listByPage'), () => HttpResponse.json({ code: 'E400', message: '参数错误', data: null })));
    await request(calls.businessListByPage, {}).catch(() => undefined);
    expect(effects.businessError).toHaveBeenCalledWith('参数错误', 'E400');
  });

  it('a call a person waits on, online, that cannot reach the service: the alert of SPEC.md section 8', async () => {
    deviceOnline(true);
    server.use(http.post(url('/supplier/login'), () => HttpResponse.error()));
    await request(calls.supplierLogin, loginBody).catch(() => undefined);
    expect(effects.networkFailure).toHaveBeenCalledWith(NO_STATUS);
    expect(effects.needsConnection).not.toHaveBeenCalled();
  });

  it('the same call with the device offline: it needs a connection, no alert', async () => {
    deviceOnline(false);
    login();
    server.use(http.post(url('/supplier/changePwd'), () => HttpResponse.error()));
    await request(calls.supplierChangePwd, { username: 'demo', password: 'Old1234', newPassword: 'New1234', conPassword: 'New1234' }).catch(
      () => undefined,
    );
    expect(effects.needsConnection).toHaveBeenCalledOnce();
    expect(effects.networkFailure).not.toHaveBeenCalled();
  });

  it("a background call (the outbox's send) shows nothing, online or not", async () => {
    login();
    server.use(http.post(url('/communication/reply'), () => HttpResponse.error()));
    await expect(request(calls.communicationReply, { id: 'x', content: 'hi' } as never, { background: true })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(Object.values(effects).every((fn) => fn.mock.calls.length === 0)).toBe(true);
  });

  it('every answer of the bid service is reported, whatever its code', async () => {
    capture('post', '/supplier/login', () => HttpResponse.json({ code: 'E400', message: '参数错误', data: null }));
    const answered = vi.fn();
    const stop = onAnswered(answered);
    await request(calls.supplierLogin, loginBody).catch(() => undefined);
    stop();
    expect(answered).toHaveBeenCalledOnce();
  });
});

describe('networkFailureEffect', () => {
  it('reads never alert; awaited calls alert online and need a connection offline; background calls show nothing', () => {
    expect(networkFailureEffect(calls.tenderGetById, {}, true)).toBe('none');
    expect(networkFailureEffect(calls.tenderGetById, {}, false)).toBe('none');
    expect(networkFailureEffect(calls.supplierChangePwd, {}, true)).toBe('alert');
    expect(networkFailureEffect(calls.supplierChangePwd, {}, false)).toBe('offline');
    expect(networkFailureEffect(calls.tenderPayDeposit, { background: true }, true)).toBe('none');
    // A download the person asked for has nothing to stand in for it.
    expect(networkFailureEffect(calls.fileDownload, {}, true)).toBe('alert');
  });
});

describe('request: tokens and public paths', () => {
  it('sends nothing without a token on a non-public path and reports tokenLost', async () => {
    const seen = capture('post', '/supplier/getByToken');
    const error = await request(calls.supplierGetByToken, {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'tokenLost' });
    expect(effects.tokenLost).toHaveBeenCalledOnce();
    expect(seen).toHaveLength(0);
  });

  it('sends a public call without a token (and without token headers)', async () => {
    const seen = capture('post', '/business/listByPage');
    await request(calls.businessListByPage, { pageNo: 2 });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers.get(HEADER.token)).toBeNull();
    expect(seen[0]!.headers.get(HEADER.supplierId)).toBeNull();
    expect(await seen[0]!.json()).toEqual({ pageNo: 2 });
  });

  it('carries the token, supplier id, stored language and idempotency key headers', async () => {
    login('tok-abc', 'sup-42');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'vie');
    const seen = capture('post', '/supplier/changePwd');
    await request(
      calls.supplierChangePwd,
      { username: 'u', password: 'a', newPassword: 'b', conPassword: 'b' },
      { idempotencyKey: 'key-1' },
    );
    const headers = seen[0]!.headers;
    expect(headers.get(HEADER.token)).toBe('tok-abc');
    expect(headers.get(HEADER.supplierId)).toBe('sup-42');
    expect(headers.get(HEADER.language)).toBe('vie');
    expect(headers.get(HEADER.idempotencyKey)).toBe('key-1');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(seen[0]!.method).toBe('POST');
  });

  it("names every call with a request id of its own, for the bid service's log", async () => {
    const seen = capture('post', '/business/listByPage');
    await request(calls.businessListByPage, {});
    await request(calls.businessListByPage, {});
    const ids = seen.map((r) => r.headers.get(HEADER.requestId));
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('falls back to zh-CN when no language is stored', async () => {
    const seen = capture('post', '/business/listByPage');
    await request(calls.businessListByPage, {});
    expect(seen[0]!.headers.get(HEADER.language)).toBe('zh-CN');
  });
});

describe('request: encodings', () => {
  it('GET sends the payload as a query string with indexed arrays and no body', async () => {
    login();
    const seen = capture('get', '/test/list');
    await request(getEndpoint, { a: ['x', 'y'], q: '纸 箱', n: 3 });
    const sent = new URL(seen[0]!.url);
    expect(decodeURIComponent(sent.search)).toBe('?a[0]=x&a[1]=y&q=纸 箱&n=3');
    expect(sent.searchParams.get('a[1]')).toBe('y');
    expect(await seen[0]!.text()).toBe('');
  });

  it('fills path params', async () => {
    login();
    const seen = capture('get', '/thing/:kind/:id');
    await request(paramsEndpoint, {}, { params: { kind: 'bid', id: 'a/b' } });
    expect(new URL(seen[0]!.url).pathname).toBe(`${BASE_PATH}/thing/bid/a%2Fb`);
  });

  it('fills the supplier id of getById', async () => {
    login();
    const seen = capture('get', '/supplier/getById/:supplierId');
    await request(calls.supplierGetById, {}, { params: { supplierId: 'sup-7' } });
    expect(new URL(seen[0]!.url).pathname).toBe(`${BASE_PATH}/supplier/getById/sup-7`);
  });

  it('posts fileDownload form-encoded and answers the blob', async () => {
    const seen = capture(
      'post',
      '/file/download',
      () => new HttpResponse('PK-bytes', { headers: { 'Content-Type': 'application/octet-stream' } }),
    );
    const blob = await request(calls.fileDownload, { filePath: 'docs/报价 单.xlsx' });
    expect(seen[0]!.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(await seen[0]!.text()).get('filePath')).toBe('docs/报价 单.xlsx');
    // Node's Blob, not jsdom's: check the shape and the bytes.
    expect(Object.prototype.toString.call(blob)).toBe('[object Blob]');
    expect(await (blob as Blob).text()).toBe('PK-bytes');
  });

  it('uploads multipart with the browser-set boundary', async () => {
    const seen = capture('post', '/file/upload', () => HttpResponse.json({ code: 'E000', message: '', data: { filename: '{}' } }));
    const form = new FormData();
    form.append('file', new File(['hello'], 'a.txt', { type: 'text/plain' }));
    await request(calls.fileUpload, form);
    expect(seen[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await seen[0]!.formData();
    const file = received.get('file') as File;
    expect(await file.text()).toBe('hello');
  });
});
