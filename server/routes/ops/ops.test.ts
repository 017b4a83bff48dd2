import { describe, expect, it } from 'vitest';
import { build } from '../../test/helper';
import { OPERATOR_HEADER, OPS_PATH } from './index';

const SECRET = 'test-operator-secret-0123456789';
const t = await build({ operatorSecret: SECRET });

const call = (action: string, body: unknown, secret?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: `${OPS_PATH}/${action}`,
    payload: body as object,
    remoteAddress,
    headers: secret ? { [OPERATOR_HEADER]: secret } : {},
  });

describe('operator endpoints', () => {
  it('refuses without the secret, with a wrong one, and from another address', async () => {
    expect((await call('listSuppliers', {})).statusCode).toBe(403);
    expect((await call('listSuppliers', {}, 'wrong')).statusCode).toBe(403);
    expect((await call('listSuppliers', {}, SECRET, '10.0.0.1')).statusCode).toBe(403);
  });

  it('sets a supplier status by username or supplier code', async () => {
    const res = await call('setStatus', { supplier: 'demo_a101', status: 'A141' }, SECRET);
    expect(res.json()).toMatchObject({ result: { username: 'demo_a101', status: 'A141' } });
    const s = await t.login('demo_a101');
    expect((await t.post('/supplier/getByToken', {}, { token: s.token })).data).toMatchObject({ status: 'A141' });
    const byCode = await call('setStatus', { supplier: res.json().result.supplierCode, status: 'A101' }, SECRET);
    expect(byCode.json()).toMatchObject({ result: { status: 'A101' } });
    expect((await call('setStatus', { supplier: 'nobody', status: 'A101' }, SECRET)).statusCode).toBe(400);
    expect((await call('setStatus', { supplier: 'demo_a101', status: 'A999' }, SECRET)).statusCode).toBe(400);
  });

  it('publishes a notice that the public list shows at once', async () => {
    const res = await call('publishNotice', { type: 'purchasing', title: '运营发布的纸管采购', days: 5 }, SECRET);
    const { id } = res.json().result as { id: string };
    const list = await t.post<{ records: Array<{ id: string }> }>('/business/listByPage', { bindOrPurchase: 1, searchContent: '运营发布' });
    expect(list.data.records.map((r) => r.id)).toEqual([id]);
    expect((await t.post('/business/getById', { id })).code).toBe('E000');
  });

  it('revokes every session of a supplier, and only of that supplier', async () => {
    const [first, second, other] = [await t.login('demo_a104'), await t.login('demo_a104'), await t.login('demo_a141')];
    const res = await call('revokeSessions', { supplier: 'demo_a104' }, SECRET);
    expect(res.json()).toMatchObject({ result: { username: 'demo_a104' } });
    for (const s of [first, second]) expect((await t.post('/supplier/getByToken', {}, { token: s.token })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: other.token })).code).toBe('E000');
    // A new login works at once.
    expect((await t.post('/supplier/getByToken', {}, { token: (await t.login('demo_a104')).token })).code).toBe('E000');
    expect((await call('revokeSessions', { supplier: 'nobody' }, SECRET)).statusCode).toBe(400);
  });

  it('lists suppliers', async () => {
    const res = await call('listSuppliers', {}, SECRET);
    expect((res.json().result as unknown[]).length).toBe(3);
  });
});
