import { describe, expect, it } from 'vitest';
import { endpoints } from '../../../contract/endpoints';
import { build, newSupplier } from '../../test/helper';
import { addressDelayMs } from './session';

/** The per-address login delays asked for, in order; nobody really sleeps. */
const delays: number[] = [];
const t = await build({ tokenTtlSeconds: 3600, sleep: async (ms) => void delays.push(ms) });
const [a101, a104] = t.accounts;
/** The same service behind a proxy at 10.6.0.1 (TRUST_PROXY=10.6.0.1). */
const proxied = await build({ trustProxy: ['10.6.0.1'], sleep: async () => undefined });
const later = (minutes: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + minutes * 60_000);
};

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

  it('counts concurrent guesses atomically: 30 at once against one account get 5 password checks', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post('/supplier/login', { username: a104!.username, password: `Wrong${i}00` }, { ip: `10.4.0.${i}` }),
      ),
    );
    const codes = answers.map((a) => a.code);
    // E400 is a checked (wrong) password, E429 a refusal before any check.
    expect(codes.filter((c) => c === 'E400')).toHaveLength(5);
    expect(codes.filter((c) => c === 'E429')).toHaveLength(25);
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip: '10.4.1.1' })).code).toBe('E429');
    later(16);
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip: '10.4.1.1' })).code).toBe('E000');
  });

  it('does not refuse other accounts behind an address after many failures: it slows the address down a little', async () => {
    delays.length = 0;
    const ip = '10.2.0.1';
    // Wrong passwords for various accounts, real (fewer than 5 for one) and made up.
    for (let i = 0; i < 25; i++)
      expect(
        (await t.post('/supplier/login', { username: i < 4 ? a101!.username : `guess_${i}`, password: 'Wrong123' }, { ip })).code,
      ).toBe('E400');
    // The first 20 failures cost nothing, then each attempt waits 250 ms more.
    expect(delays).toEqual([250, 500, 750, 1000, 1250]);
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip })).code).toBe('E000');
    expect(delays.at(-1)).toBe(1500);
    // A right password gives its attempt back: the next one waits no longer.
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip })).code).toBe('E000');
    expect(delays.at(-1)).toBe(1500);
    // Another address is not slowed down at all.
    const before = delays.length;
    expect((await t.post('/supplier/login', { username: a104!.username, password: a104!.password }, { ip: '10.2.0.2' })).code).toBe('E000');
    expect(delays).toHaveLength(before);
  });

  it('caps the per-address delay at 3 s', () => {
    expect([0, 19, 20, 21, 30, 31, 1000].map(addressDelayMs)).toEqual([0, 0, 250, 500, 2750, 3000, 3000]);
  });

  it.each([
    [{}],
    [{ username: 'demo_a104' }],
    [{ username: 42, password: 'x' }],
    [{ username: 'u'.repeat(65), password: 'x' }],
    [{ username: 'demo_a104', password: 'p'.repeat(1_000_000) }],
  ])('refuses bad input %# without a 5xx', async (body) => {
    expect(['E400', 'E413']).toContain((await t.post('/supplier/login', body)).code);
  });
});

describe('session check, logout and expiry', () => {
  it('getByToken answers the supplier behind the token', async () => {
    const s = await t.login(a104!.username);
    const res = await t.post('/supplier/getByToken', {}, { token: s.token });
    expect(res.code).toBe('E000');
    expect(endpoints.supplierGetByToken.response.parse(res.data)).toMatchObject({
      supplierId: s.supplierId,
      status: 'A104',
      username: 'demo_a104',
    });
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
    expect(await t.post('/supplier/getByToken', {}, { token: s.token })).toMatchObject({
      code: 'E401',
      message: 'The Session Timed Out Or The Token Expired, Please Log In Again.',
    });
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
  /** An account of the test's own: a changed password must not lock other tests out of a demo account. */
  const ownAccount = async () => {
    const { username, password } = await newSupplier(t);
    return { username, password };
  };

  it('checks the rules of the new password', async () => {
    const account = await ownAccount();
    const s = await t.login(account.username, account.password);
    const base = { username: account.username, password: account.password };
    const mismatch = await t.post<Array<{ field: string; message: string }>>(
      '/supplier/changePwd',
      { ...base, newPassword: 'Newpass1', conPassword: 'Newpass2' },
      { token: s.token },
    );
    expect(mismatch.code).toBe('E400');
    expect(mismatch.data).toContainEqual({ field: 'conPassword', message: 'The new password and its confirmation differ' });
    const same = await t.post<Array<{ field: string }>>(
      '/supplier/changePwd',
      { ...base, newPassword: account.password, conPassword: account.password },
      { token: s.token },
    );
    expect(same.data.map((e) => e.field)).toContain('newPassword');
    const weak = await t.post<Array<{ field: string }>>(
      '/supplier/changePwd',
      { ...base, newPassword: 'abcdefg', conPassword: 'abcdefg' },
      { token: s.token },
    );
    expect(weak.data.map((e) => e.field)).toContain('newPassword');
  });

  it('refuses a wrong current password and another username', async () => {
    const account = await ownAccount();
    const s = await t.login(account.username, account.password);
    const wrong = await t.post(
      '/supplier/changePwd',
      { username: account.username, password: 'Wrong999', newPassword: 'Newpass1', conPassword: 'Newpass1' },
      { token: s.token },
    );
    expect(wrong).toMatchObject({ code: 'E400', message: 'The current password is incorrect' });
    expect(
      (
        await t.post(
          '/supplier/changePwd',
          { username: 'demo_a104', password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' },
          { token: s.token },
        )
      ).code,
    ).toBe('E403');
    expect(
      (
        await t.post('/supplier/changePwd', {
          username: account.username,
          password: account.password,
          newPassword: 'Newpass1',
          conPassword: 'Newpass1',
        })
      ).code,
    ).toBe('E401');
  });

  it('changes the password and revokes every token of the account', async () => {
    const account = await ownAccount();
    const s1 = await t.login(account.username, account.password);
    const s2 = await t.login(account.username, account.password);
    const res = await t.post(
      '/supplier/changePwd',
      { username: account.username, password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' },
      { token: s1.token },
    );
    expect(res.code).toBe('E000');
    expect((await t.post('/supplier/getByToken', {}, { token: s1.token })).code).toBe('E401');
    expect((await t.post('/supplier/getByToken', {}, { token: s2.token })).code).toBe('E401');
    expect((await t.post('/supplier/login', { username: account.username, password: account.password }, { ip: '10.3.0.1' })).code).toBe(
      'E400',
    );
    await t.login(account.username, 'Newpass1');
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const failFrom = (app: typeof t, ip: string, forwardedFor: string) =>
    app.post('/supplier/login', { username: 'proxy_guess', password: 'Wrong123' }, { ip, headers: { 'x-forwarded-for': forwardedFor } });
  const counted = async (app: typeof t) =>
    (
      await app.db.query<{ key: string; n: number }>(
        "SELECT key, n FROM attempt_counters WHERE scope = 'login-ip' AND (key LIKE '10.6.%' OR key LIKE '203.0.113.%') ORDER BY key",
      )
    ).map((r) => `${r.key}:${r.n}`);

  it('ignores X-Forwarded-For by default: the limits count the socket address', async () => {
    for (let i = 0; i < 3; i++) expect((await failFrom(t, '10.6.0.1', `203.0.113.${i}`)).code).toBe('E400');
    expect(await counted(t)).toEqual(['10.6.0.1:3']);
  });

  it('counts the forwarded client address when the request comes from a trusted proxy', async () => {
    for (let i = 0; i < 3; i++) expect((await failFrom(proxied, '10.6.0.1', `198.51.100.7, 203.0.113.${i}`)).code).toBe('E400');
    // Not a trusted proxy: its header is not believed.
    expect((await failFrom(proxied, '10.6.0.9', '203.0.113.50')).code).toBe('E400');
    expect(await counted(proxied)).toEqual(['10.6.0.9:1', '203.0.113.0:1', '203.0.113.1:1', '203.0.113.2:1']);
  });
});
