import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { demoCreditCode } from '../../seed/suppliers';
import { build, CREDIT_CODES, multipart, registration } from '../../test/helper';

const t = await build();

async function upload(token?: string, name = 'licence.pdf', bytes = Buffer.from('%PDF-1.4 test')) {
  const form = multipart(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/bid-web/bid-service/file/upload',
    payload: form.payload,
    headers: { ...form.headers, ...(token ? { 'x-access-token': token } : {}) },
  });
  const body = res.json() as { code: string; data: { filename: string } };
  if (body.code !== 'E000') throw new Error(`upload: ${res.body}`);
  const { name: fileName, fileUrl, path } = JSON.parse(body.data.filename) as { name: string; fileUrl: string; path: string };
  return { name: fileName, url: fileUrl, path };
}

const ownerOf = async (path: string) =>
  (await t.db.query<{ owner: string | null }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [path]))[0]
    ?.owner;

describe('supplierSave (registration)', () => {
  it('registers a supplier in status A101 and claims its uploaded files', async () => {
    const license = await upload();
    const attachment = await upload(undefined, '资质证书.pdf');
    expect(await ownerOf(license.path)).toBeNull();
    const res = await t.post<{ supplierId: string }>('/supplier/save', registration(1, license, { attachments: [attachment] }));
    expect(res.code).toBe('E000');
    expect(await ownerOf(license.path)).toBe(res.data.supplierId);
    expect(await ownerOf(attachment.path)).toBe(res.data.supplierId);
    const s = await t.login('new_supplier_1', 'Secret123');
    const me = await t.get(`/supplier/getById/${s.supplierId}`, {}, { token: s.token });
    const supplier = endpoints.supplierGetById.response.parse(me.data);
    expect(supplier).toMatchObject({ status: 'A101', supplierName: '测试纸品有限公司1', creditCode: CREDIT_CODES[1] });
    expect(supplier.businessLicense.url).toBe(license.url);
  });

  it('refuses a taken username or credit code with E409 and writes nothing', async () => {
    const before = await t.count('suppliers');
    const license = await upload();
    const name = await t.post<Array<{ field: string }>>('/supplier/save', registration(2, license, { username: 'DEMO_A104' }));
    expect(name).toMatchObject({ code: 'E409', message: 'This account name is already registered' });
    // A demo supplier's code: taken whatever the other tests registered.
    const [taken] = await t.db.query<{ code: string }>("SELECT credit_code AS code FROM suppliers WHERE username = 'demo_a104'");
    const code = await t.post('/supplier/save', registration(3, await upload(), { creditCode: taken!.code }));
    expect(code).toMatchObject({ code: 'E409', message: 'This unified social credit code is already registered' });
    expect(await t.count('suppliers')).toBe(before);
    expect(await ownerOf(license.path)).toBeNull();
  });

  it('refuses a file of another supplier (E403) and an unknown file (E400)', async () => {
    const s = await t.login('demo_a104');
    const owned = await upload(s.token);
    expect(await ownerOf(owned.path)).toBe(s.supplierId);
    const before = await t.count('suppliers');
    expect((await t.post('/supplier/save', registration(2, owned))).code).toBe('E403');
    const unknown = await t.post<Array<{ field: string }>>(
      '/supplier/save',
      registration(2, { name: 'x.pdf', url: '/x', path: 'u/2026/01/0123456789abcdef0123456789abcdef.pdf' }),
    );
    expect(unknown.code).toBe('E400');
    expect(unknown.data[0]!.field).toBe('businessLicense.path');
    expect(await t.count('suppliers')).toBe(before);
  });

  it.each([
    ['a bad credit code', { creditCode: '91440300MA5FT00019' }, 'creditCode'],
    ['a bad phone', { contactPhone: '12345' }, 'contactPhone'],
    ['a bad email', { email: 'no-at-sign' }, 'email'],
    ['a weak password', { newPassword: 'abcdef', conPassword: 'abcdef' }, 'newPassword'],
    ['a confirmation mismatch', { conPassword: 'Other1234' }, 'conPassword'],
    ['no password and no confirmation', { newPassword: '', conPassword: '' }, 'conPassword'],
    [
      'letters in the bank account number',
      { bankInfo: { acctNo: '6222 ABCD 1111', acctName: '测试纸品有限公司', bankName: '中国银行', currency: 'CNY' } },
      'bankInfo',
    ],
    ['no licence', { businessLicense: null }, 'businessLicense'],
    ['a huge name', { supplierName: '纸'.repeat(100_000) }, 'supplierName'],
    ['a wrong type', { registeredCapital: 'lots' }, 'registeredCapital'],
    ['a bad date', { establishDate: '2021-02-30' }, 'establishDate'],
    ['a missing bank', { bankInfo: undefined }, 'bankInfo'],
    ['a bad username', { username: 'a b' }, 'username'],
  ])('refuses %s with E400 naming the field, writing nothing', async (_label, override, field) => {
    const before = await t.count('suppliers');
    const res = await t.post<Array<{ field: string; message: string }>>('/supplier/save', registration(4, await upload(), override));
    expect(res.code).toBe('E400');
    expect(res.data.map((e) => e.field.split('.')[0])).toContain(field);
    expect(res.data.every((e) => e.message.length > 0)).toBe(true);
    expect(await t.count('suppliers')).toBe(before);
  });

  it('takes a licence that is an image or a PDF by its content, and refuses another kind (a text renamed .pdf too), writing nothing', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(
      (
        await t.post(
          '/supplier/save',
          registration(5, await upload(undefined, '执照.png', png), { creditCode: demoCreditCode('440300', 'MA5FT0007') }),
        )
      ).code,
    ).toBe('E000');
    const before = await t.count('suppliers');
    for (const [name, bytes] of [
      ['执照.txt', Buffer.from('营业执照')],
      ['执照.pdf', Buffer.from('not a pdf')],
    ] as const) {
      const res = await t.post<Array<{ field: string; message: string }>>(
        '/supplier/save',
        registration(7, await upload(undefined, name, bytes), { creditCode: demoCreditCode('440300', 'MA5FT0008') }),
        { lang: 'en' },
      );
      expect(res.code).toBe('E415');
      expect(res.data).toContainEqual({ field: 'businessLicense', message: 'The business licence must be an image or a PDF' });
    }
    expect(await t.count('suppliers')).toBe(before);
  });

  it('says a bank account number has digits only, in the request language', async () => {
    const bankInfo = { acctNo: '62220000abc', acctName: '测试纸品有限公司', bankName: '中国银行', currency: 'CNY' };
    const res = await t.post<Array<{ field: string; message: string }>>('/supplier/save', registration(4, await upload(), { bankInfo }), {
      lang: 'en',
    });
    expect(res.data).toContainEqual({
      field: 'bankInfo.acctNo',
      message: 'A bank account number has digits only (6 to 34, groups may be separated by spaces or hyphens)',
    });
  });

  it('translates field messages into the request language', async () => {
    const res = await t.post<Array<{ field: string; message: string }>>(
      '/supplier/save',
      registration(4, await upload(), { email: 'bad' }),
      { lang: 'vie' },
    );
    expect(res.data).toContainEqual({ field: 'email', message: 'Vui lòng nhập địa chỉ email hợp lệ' });
  });

  it('replays the first answer for a repeated Idempotency-Key', async () => {
    // A credit code of its own (registration(6) would share registration(2)'s).
    const body = registration(6, await upload(), { creditCode: demoCreditCode('440300', 'MA5FT0006') });
    const headers = { 'Idempotency-Key': 'reg-key-0000005' };
    const first = await t.post<{ supplierId: string }>('/supplier/save', body, { headers });
    const again = await t.post<{ supplierId: string }>('/supplier/save', body, { headers });
    expect(first.code).toBe('E000');
    expect(again).toEqual(first);
    expect((await t.post('/supplier/save', body)).code).toBe('E409');
  });
});

describe('supplierGetById and supplierUpdate', () => {
  it('answers only the own record: another id is E403, no token E401', async () => {
    const s = await t.login('demo_a104');
    const other = await t.login('demo_a141');
    expect((await t.get(`/supplier/getById/${s.supplierId}`, {}, { token: s.token })).code).toBe('E000');
    expect((await t.get(`/supplier/getById/${other.supplierId}`, {}, { token: s.token })).code).toBe('E403');
    expect((await t.get('/supplier/getById/00000000-0000-0000-0000-000000000000', {}, { token: s.token })).code).toBe('E403');
    expect((await t.get(`/supplier/getById/${s.supplierId}`)).code).toBe('E401');
    expect((await t.get(`/supplier/getById/${'x'.repeat(65)}`, {}, { token: s.token })).code).toBe('E400');
  });

  it('updates the own record and claims new files', async () => {
    const s = await t.login('demo_a141');
    const current = endpoints.supplierGetByToken.response.parse((await t.post('/supplier/getByToken', {}, { token: s.token })).data);
    const attachment = await upload();
    const {
      supplierId: _a,
      supplierCode: _b,
      supplierCodeMain: _c,
      username: _d,
      status: _e,
      supplierRoleType: _f,
      createdAt: _g,
      ...fields
    } = current;
    const res = await t.post('/supplier/update', { ...fields, contactName: '新联系人', attachments: [attachment] }, { token: s.token });
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ contactName: '新联系人', status: 'A141', username: 'demo_a141' });
    expect(await ownerOf(attachment.path)).toBe(s.supplierId);
  });

  it('keeps a licence on record whatever its kind, and refuses a new one that is not an image or a PDF', async () => {
    const s = await t.login('demo_a141');
    const current = endpoints.supplierGetByToken.response.parse((await t.post('/supplier/getByToken', {}, { token: s.token })).data);
    const {
      supplierId: _a,
      supplierCode: _b,
      supplierCodeMain: _c,
      username: _d,
      status: _e,
      supplierRoleType: _f,
      createdAt: _g,
      ...fields
    } = current;
    // A record from before the rule: its licence is a text file.
    const old = await upload(s.token, '旧执照.txt', Buffer.from('营业执照'));
    await t.db.query(`UPDATE suppliers SET profile = jsonb_set(profile, '{businessLicense}', $2::jsonb) WHERE id = $1`, [
      s.supplierId,
      JSON.stringify(old),
    ]);
    expect(
      (await t.post('/supplier/update', { ...fields, businessLicense: old, contactName: '仍是旧执照' }, { token: s.token })).code,
    ).toBe('E000');
    const text = await upload(s.token, '新执照.pdf', Buffer.from('not a pdf'));
    const res = await t.post<Array<{ field: string }>>('/supplier/update', { ...fields, businessLicense: text }, { token: s.token });
    expect(res.code).toBe('E415');
    expect(res.data.map((e) => e.field)).toContain('businessLicense');
  });

  it('refuses another supplier credit code (E409), bad input (E400) and no token (E401)', async () => {
    const s = await t.login('demo_a141');
    const current = endpoints.supplierGetByToken.response.parse((await t.post('/supplier/getByToken', {}, { token: s.token })).data);
    const {
      supplierId: _a,
      supplierCode: _b,
      supplierCodeMain: _c,
      username: _d,
      status: _e,
      supplierRoleType: _f,
      createdAt: _g,
      ...fields
    } = current;
    const a104 = endpoints.supplierGetByToken.response.parse(
      (await t.post('/supplier/getByToken', {}, { token: (await t.login('demo_a104')).token })).data,
    );
    expect((await t.post('/supplier/update', { ...fields, creditCode: a104.creditCode }, { token: s.token })).code).toBe('E409');
    expect((await t.post('/supplier/update', { ...fields, contactPhone: 'abc' }, { token: s.token })).code).toBe('E400');
    expect((await t.post('/supplier/update', fields)).code).toBe('E401');
    expect((await t.post('/supplier/update', { ...fields, businessLicense: a104.businessLicense }, { token: s.token })).code).toBe('E403');
    const after = endpoints.supplierGetByToken.response.parse((await t.post('/supplier/getByToken', {}, { token: s.token })).data);
    expect(after.creditCode).toBe(current.creditCode);
  });
});
