import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { build } from '../../test/helper';

const t = await build({ tokenTtlSeconds: 3600 });
const [a101, a104] = t.accounts;

describe('supplierLogin', () => {
  it('answers a token and the session info', async () => {
    const res = await t.post('/supplier/login', { username: a104!.username, password: a104!.password });
    expect(res.code).toBe('E000');
    const data = endpoints.supplierLogin.response.parse(res.data);
    expect(data.status).toBe('A104');
    expect(data.oauthToken).toMatch(/^[\w-]{43}$/);
    expect(Date.parse(data.tokenExpiresAt) - t.clock.now.getTime()).toBe(3600_000);
  });

  it('accepts the username in any case', async () => {
    expect((await t.post('/supplier/login', { username: a104!.username.toUpperCase(), password: a104!.password })).code).toBe('E000');
  });

  it('refuses a wrong password or an unknown user with the same message', async () => {
    const wrong = await t.post('/supplier/login', { username: a101!.username, password: 'Wrong123' }, { ip: '10.0.0.1' });
    const unknown = await t.post('/supplier/login', { username: 'nobody_here', password: 'Wrong123' }, { ip: '10.0.0.1' });
    expect(wrong.code).toBe('E400');
    expect(wrong.message).toBe('Account Or Password Is Incorrect, Please Try Again Or Contact The Administrator');
    expect(unknown).toEqual(wrong);
  });

  it('answers in the request language', async () => {
    const res = await t.post('/supplier/login', { username: 'nobody_here', password: 'x' }, { lang: 'zh-CN', ip: '10.0.0.2' });
    expect(res.message).toBe('账号或密码错误，请重试或联系管理员');
  });

  it('locks a username for 15 minutes after 5 failures (E429), even with the right password', async () => {
    for (let i = 0; i < 5; i++) await t.post('/supplier/login', { username: a101!.username, password: 'Wrong123' }, { ip: `10.1.0.${i}` });
    expect((await t.post('/supplier/login', { username: a101!.username, password: a101!.password }, { ip: '10.1.0.9' })).code).toBe('E429');
    t.clock.now = new Date(t.clock.now.getTime() + 16 * 60_000);
    expect((await t.post('/supplier/login', { username: a101!.username, password: a101!.password }, { ip: '10.1.0.9' })).code).toBe('E000');
  });

  it('locks an address after 20 failures across usernames', async () => {
    for (let i = 0; i < 20; i++) await t.post('/supplier/login', { username: `guess_${i}`, password: 'Wrong123' }, { ip: '10.2.0.1' });
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip: '10.2.0.1' })).code).toBe('E429');
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip: '10.2.0.2' })).code).toBe('E000');
  });

  it.each([[{}], [{ username: 'demo_a104' }], [{ username: 42, password: 'x' }], [{ username: 'u'.repeat(65), password: 'x' }], [{ username: 'demo_a104', password: 'p'.repeat(1_000_000) }]])(
    'refuses bad input %# without a 5xx',
    async (body) => {
      expect(['E400', 'E413']).toContain((await t.post('/supplier/login', body)).code);
    },
  );
});

describe('session check, logout and expiry', () => {
  it('getByToken answers the supplier behind the token', async () => {
    const s = await t.login(a104!.username);
    const res = await t.post('/supplier/getByToken', {}, { token: s.token });
    expect(res.code).toBe('E000');
    expect(endpoints.supplierGetByToken.response.parse(res.data)).toMatchObject({ supplierId: s.supplierId, status: 'A104', username: 'demo_a104' });
    // A POST without any body works too.
    expect((await t.post('/supplier/getByToken', undefined, { token: s.token })).code).toBe('E000');
  });

  it('answers E401 without a token, with a made-up token, and with extra fields refused', async () => {
    expect(await t.post('/supplier/getByToken', {})).toMatchObject({ code: 'E401', message: 'Token Lost, Please Log In Again!' });
    expect((await t.post('/supplier/getByToken', {}, { token: 'not-a-real-token' })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: 'x'.repeat(5000) })).code).toBe('E401');
  });

  it('answers E403 when X-Supplier-Id names another supplier', async () => {
    const s = await t.login(a104!.username);
    const other = await t.login(t.accounts[2]!.username);
    expect((await t.post('/supplier/getByToken', {}, { token: s.token, supplierId: other.supplierId })).code).toBe('E403');
    expect((await t.post('/supplier/getByToken', {}, { token: s.token, supplierId: s.supplierId })).code).toBe('E000');
  });

  it('expires a token after its lifetime (E401)', async () => {
    const s = await t.login(a104!.username);
    t.clock.now = new Date(t.clock.now.getTime() + 3599_000);
    expect((await t.post('/supplier/getByToken', {}, { token: s.token })).code).toBe('E000');
    t.clock.now = new Date(t.clock.now.getTime() + 2_000);
    expect(await t.post('/supplier/getByToken', {}, { token: s.token })).toMatchObject({ code: 'E401', message: 'The Session Timed Out Or The Token Expired, Please Log In Again.' });
  });

  it('logout revokes only the current token', async () => {
    const s1 = await t.login(a104!.username);
    const s2 = await t.login(a104!.username);
    expect((await t.post('/supplier/logout', { username: a104!.username }, { token: s1.token })).code).toBe('E000');
    expect((await t.post('/supplier/getByToken', {}, { token: s1.token })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: s2.token })).code).toBe('E000');
  });

  it('logout refuses another username (E403), a missing one (E400) and no token (E401)', async () => {
    const s = await t.login(a104!.username);
    expect((await t.post('/supplier/logout', { username: 'demo_a141' }, { token: s.token })).code).toBe('E403');
    expect((await t.post('/supplier/logout', {}, { token: s.token })).code).toBe('E400');
    expect((await t.post('/supplier/logout', { username: a104!.username })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: s.token })).code).toBe('E000');
  });
});

describe('supplierChangePwd', () => {
  const account = t.accounts[2]!;

  it('checks the rules of the new password', async () => {
    const s = await t.login(account.username);
    const base = { username: account.username, password: account.password };
    const mismatch = await t.post<Array<{ field: string; message: string }>>('/supplier/changePwd', { ...base, newPassword: 'Newpass1', conPassword: 'Newpass2' }, { token: s.token });
    expect(mismatch.code).toBe('E400');
    expect(mismatch.data).toContainEqual({ field: 'conPassword', message: 'The new password and its confirmation differ' });
    const same = await t.post<Array<{ field: string }>>('/supplier/changePwd', { ...base, newPassword: account.password, conPassword: account.password }, { token: s.token });
    expect(same.data.map((e) => e.field)).toContain('newPassword');
    const weak = await t.post<Array<{ field: string }>>('/supplier/changePwd', { ...base, newPassword: 'abcdefg', conPassword: 'abcdefg' }, { token: s.token });
    expect(weak.data.map((e) => e.field)).toContain('newPassword');
  });

  it('refuses a wrong current password and another username', async () => {
    const s = await t.login(account.username);
    const wrong = await t.post('/supplier/changePwd', { username: account.username, password: 'Wrong999', newPassword: 'Newpass1', conPassword: 'Newpass1' }, { token: s.token });
    expect(wrong).toMatchObject({ code: 'E400', message: 'The current password is incorrect' });
    expect((await t.post('/supplier/changePwd', { username: 'demo_a104', password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' }, { token: s.token })).code).toBe('E403');
    expect((await t.post('/supplier/changePwd', { username: account.username, password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' })).code).toBe('E401');
  });

  it('changes the password and revokes every token of the account', async () => {
    const s1 = await t.login(account.username);
    const s2 = await t.login(account.username);
    const res = await t.post('/supplier/changePwd', { username: account.username, password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' }, { token: s1.token });
    expect(res.code).toBe('E000');
    expect((await t.post('/supplier/getByToken', {}, { token: s1.token })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: s2.token })).code).toBe('E401');
    expect((await t.post('/supplier/login', { username: account.username, password: account.password }, { ip: '10.3.0.1' })).code).toBe('E400');
    await t.login(account.username, 'Newpass1');
  });
});
