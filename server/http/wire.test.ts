import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract/endpoints';
import { BASE_PATH } from '../../contract/http';
import { build } from '../test/helper';

const t = await build();
const url = (path: string) => `${BASE_PATH}${path}`;

describe('the wire rules', () => {
  it('answers malformed JSON with E400, never a 5xx', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/supplier/login'), payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E400' });
  });

  it('answers a non-object JSON body with E400', async () => {
    for (const payload of ['"text"', '[1,2]', 'null', '42']) {
      const res = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload, headers: { 'content-type': 'application/json' } });
      expect(res.json().code, payload).toBe('E400');
    }
  });

  it('answers a wrong content type with E415', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/supplier/login'), payload: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E415' });
    // Plain text is parsed (Fastify's default) and then fails the schema.
    const text = await t.app.inject({ method: 'POST', url: url('/supplier/login'), payload: 'username=a', headers: { 'content-type': 'text/plain' } });
    expect(text.json()).toMatchObject({ code: 'E400' });
  });

  it('answers a body over 1 MB with E413', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/supplier/login'), payload: JSON.stringify({ username: 'a', password: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'E413' });
  });

  it('ignores prototype pollution attempts', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: '{"__proto__": {"admin": true}, "pageSize": 10}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers unknown service paths and methods with the E404 envelope', async () => {
    for (const [method, path] of [['POST', '/nothing/here'], ['GET', '/business/listByPage'], ['POST', '']] as const) {
      const res = await t.app.inject({ method, url: url(path) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 'E404', message: '数据不存在' });
    }
  });

  it('answers in the request language, zh-CN by default', async () => {
    const none = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: {} });
    expect(none.json().message).toBe('操作成功');
    const en = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: {}, headers: { 'accept-language': 'en-US,en;q=0.8' } });
    expect(en.json().message).toBe('Success');
  });

  it('accepts GET payloads as query parameters with indexed arrays', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type=gender` });
    expect(res.json().code).toBe('E000');
    const arrays = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type[0]=gender` });
    expect(arrays.json().code).toBe('E400');
  });

  it('names the meaning of every refusal in X-Reason (its message key), and of no success', async () => {
    const refused = await t.app.inject({ method: 'POST', url: url('/supplier/login'), payload: { username: 'nobody_here', password: 'wrong-password' } });
    expect(refused.json().code).not.toBe('E000');
    expect(refused.headers['x-reason']).toMatch(/^[a-zA-Z]+$/);
    const unknown = await t.app.inject({ method: 'POST', url: url('/no/such/call'), payload: {} });
    expect(unknown.headers['x-reason']).toBe('notFound');
    const ok = await t.app.inject({ method: 'GET', url: `${url('/common/getSelectCodeCommonData')}?type=gender` });
    expect(ok.headers['x-reason']).toBeUndefined();
  });

  it('sets a CSP for the SPA and no HSTS', async () => {
    const res = await t.app.inject({ method: 'POST', url: url('/business/listByPage'), payload: {} });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("manifest-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes an OpenAPI document of every contract endpoint, without operator routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: url('/openapi.json') });
    const doc = res.json() as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    for (const e of Object.values(endpoints)) expect(Object.keys(doc.paths)).toContain(`${BASE_PATH}${e.path}`);
    expect(Object.keys(doc.paths).some((p) => p.includes('/ops/'))).toBe(false);
  });
});
