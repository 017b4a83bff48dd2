import { describe, expect, it } from 'vitest';
import { BASE_PATH, HEADER } from '../../../contract/http';
import { build } from '../../test/helper';

/**
 * The portal's service worker keeps the answers to public reads whatever the request's headers
 * (src/offline/public-store.ts): that holds only while the bid service answers them the same to
 * a logged-in supplier as to anyone, depending on the path, the parameters and the language alone.
 */
const t = await build();

describe('public reads answer the same with or without a supplier token', () => {
  /** The raw body, as the worker stores it. */
  async function body(method: 'GET' | 'POST', path: string, input: Record<string, unknown>, headers: Record<string, string>) {
    const res = await t.app.inject({
      method,
      url: `${BASE_PATH}${path}`,
      headers: method === 'POST' ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(method === 'POST' ? { payload: JSON.stringify(input) } : { query: input as Record<string, string> }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ code: string }>().code).toBe('E000');
    return res.body;
  }

  it('/business/listByPage, /business/getById and /common/getSelectCodeCommonData, byte for byte', async () => {
    const supplier = await t.login('demo_a104');
    const withToken = { [HEADER.token]: supplier.token, [HEADER.supplierId]: supplier.supplierId };
    // The token is a valid one: a call that needs it is answered.
    expect((await t.post('/supplier/getByToken', {}, supplier)).code).toBe('E000');

    const page = await t.post<{ records: Array<{ id: string }> }>('/business/listByPage', { bindOrPurchase: 1, pageNo: 1, pageSize: 10 });
    const reads = [
      ['POST', '/business/listByPage', {}],
      ['POST', '/business/listByPage', { bindOrPurchase: 1, pageNo: 2, pageSize: 10 }],
      ['POST', '/business/getById', { id: page.data.records[0]!.id }],
      ['GET', '/common/getSelectCodeCommonData', { type: 'currency' }],
      ['GET', '/common/getSelectCodeCommonData', { type: 'cooperationIntention' }],
    ] as const;
    for (const language of ['zh-CN', 'en', 'vie']) {
      for (const [method, path, input] of reads) {
        const anyone = await body(method, path, input, { [HEADER.language]: language });
        expect(
          await body(method, path, input, { [HEADER.language]: language, ...withToken }),
          `${path} ${JSON.stringify(input)} in ${language}`,
        ).toBe(anyone);
      }
    }
  });
});
