import { message } from '@/locales/wire';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidService, loginAnswer, ok } from '@/test/fixtures';
import { isApiError } from '@/api/errors';
import { getSupplierInfo, getToken, sessionState } from '@/api/session';
import { login } from './login';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('login', () => {
  it('stores the session, then the status from the session check', async () => {
    let tokenSeen: string | null = null;
    server.use(
      http.post(`${bidService}/supplier/login`, () => ok(loginAnswer({ status: 'A101' }))),
      http.post(`${bidService}/supplier/getByToken`, ({ request }) => {
        tokenSeen = request.headers.get('X-Access-Token');
        return ok({ status: 'A104', supplierRoleType: '1', supplierName: '示例纸业' });
      }),
    );
    await login({ username: 'acme', password: 'abc123' });
    expect(tokenSeen).toBe('tok-1');
    expect(getToken()).toBe('tok-1');
    expect(sessionState()).toBe('active');
    expect(getSupplierInfo()).toEqual({ status: 'A104', supplierRoleType: '1' });
  });

  it('fails with the server message and stores nothing on wrong credentials', async () => {
    const text = message('loginFailed', 'zh-CN');
    server.use(
      http.post(`${bidService}/supplier/login`, () => HttpResponse.json({ code: 'E400', message: text, data: null }, { status: 400 })),
    );
    const error = await login({ username: 'acme', password: 'wrong1' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.message).toBe(text);
    expect(sessionState()).toBe('none');
  });

  it('passes E429 on as a business error', async () => {
    const text = message('tooManyAttempts', 'zh-CN');
    server.use(
      http.post(`${bidService}/supplier/login`, () => HttpResponse.json({ code: 'E429', message: text, data: null }, { status: 429 })),
    );
    const error = await login({ username: 'acme', password: 'abc123' }).catch((e: unknown) => e);
    expect(isApiError(error) && [error.kind, error.code, error.message]).toEqual(['business', 'E429', text]);
  });

  it('clears the half-made session when the session check fails', async () => {
    server.use(
      http.post(`${bidService}/supplier/login`, () => ok(loginAnswer({ status: 'A101' }))),
      http.post(`${bidService}/supplier/getByToken`, () => HttpResponse.json({ code: 'E500', message: 'boom', data: null })),
    );
    await expect(login({ username: 'acme', password: 'abc123' })).rejects.toThrow('boom');
    expect(sessionState()).toBe('none');
    expect(getToken()).toBeUndefined();
  });
});
