import { describe, expect, it } from 'vitest';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../../../contract/limits';
import type { VerificationMessage } from '../../notify/notifier';
import { build } from '../../test/helper';

/** Every delivery takes 40 ms here, and fails while `failing` is set (a transport that is down). */
const DELIVERY_MS = 40;
let failing = false;
const t = await build({
  notifier: {
    sendCode: async (m: VerificationMessage) => {
      await new Promise((done) => setTimeout(done, DELIVERY_MS));
      if (failing) throw new Error('the transport is down');
      t.inbox.push(m);
    },
  },
});
const [a101, a104, a141] = t.accounts;
const later = (seconds: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
};
const lastCode = () => t.inbox.at(-1)!.code!;
/** The answer and how long it took (ms). */
const timed = async (body: object, ip: string) => {
  const started = performance.now();
  const res = await t.post('/supplier/getCheckCode', body, { ip });
  return { res, ms: performance.now() - started };
};

describe('supplierGetCheckCode', () => {
  it('sends a 6-digit code by mail through the notifier', async () => {
    const res = await t.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: '10.9.0.1' });
    expect(res).toMatchObject({
      code: 'E000',
      data: { resendAfterSeconds: CODE_RESEND_SECONDS },
    });
    expect(t.inbox.at(-1)).toMatchObject({ to: a101!.email, way: 'mail' });
    expect(lastCode()).toMatch(/^\d{6}$/);
    const stored = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM verification_codes ORDER BY id DESC LIMIT 1');
    expect(stored[0]!.code_hash).not.toContain(lastCode());
  });

  it('refuses a resend within the countdown (E429) and allows it after', async () => {
    await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: '10.9.0.2' });
    expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: '10.9.0.2' })).code).toBe('E429');
    later(CODE_RESEND_SECONDS);
    expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: '10.9.0.3' })).code).toBe('E000');
  });

  it('allows at most 10 requests per hour from one address (E429)', async () => {
    for (let i = 0; i < 10; i++)
      await t.post('/supplier/getCheckCode', { mailOrPhone: `x${i}@example.com`, way: 'mail' }, { ip: '10.9.1.1' });
    expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a141!.email, way: 'mail' }, { ip: '10.9.1.1' })).code).toBe('E429');
  });

  it('answers an unknown address exactly like a known one, and sends it word that no account uses it, with no code', async () => {
    later(CODE_RESEND_SECONDS);
    const codes = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes'))[0]!.n;
    for (const way of ['mail', 'phone'] as const) {
      const [storedBefore, sentBefore] = [await codes(), t.inbox.length];
      const knownTo = way === 'mail' ? a104!.email : a141!.phone;
      const unknownTo = way === 'mail' ? 'nobody@example.com' : '13911112222';
      const known = await timed({ mailOrPhone: knownTo, way }, '10.9.0.4');
      const unknown = await timed({ mailOrPhone: unknownTo, way }, '10.9.0.4');
      expect(known.res).toEqual({
        code: 'E000',
        message: expect.any(String),
        data: { resendAfterSeconds: CODE_RESEND_SECONDS },
      });
      expect(unknown.res).toEqual(known.res);
      // Both waited for a real delivery through the same transport.
      expect(known.ms).toBeGreaterThanOrEqual(DELIVERY_MS - 5);
      expect(unknown.ms).toBeGreaterThanOrEqual(DELIVERY_MS - 5);
      // The same work for both (a code stored for each, a message sent to each); only the known one holds the code.
      expect(await codes()).toBe(storedBefore + 2);
      expect(t.inbox.slice(sentBefore)).toEqual([
        { to: knownTo, way, code: expect.stringMatching(/^\d{6}$/), locale: 'en', purpose: 'recovery' },
        { to: unknownTo, way, code: null, locale: 'en', purpose: 'recovery' },
      ]);
      // The limits treat both alike as well.
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: unknownTo, way }, { ip: '10.9.0.5' })).code).toBe('E429');
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: knownTo, way }, { ip: '10.9.0.5' })).code).toBe('E429');
    }
  });

  it('while the transport fails, answers an unknown address exactly like a known one: E500 codeNotSent for both, nothing kept, nothing counted', async () => {
    later(CODE_RESEND_SECONDS);
    const stored = async (target: string) =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes WHERE target = $1', [target]))[0]!.n;
    for (const way of ['mail', 'phone'] as const) {
      const knownTo = way === 'mail' ? a101!.email : a104!.phone;
      const unknownTo = way === 'mail' ? 'nobody3@example.com' : '13911113333';
      const before = [await stored(knownTo.toLowerCase()), await stored(unknownTo)];
      failing = true;
      let known, unknown;
      try {
        known = await timed({ mailOrPhone: knownTo, way }, `10.9.3.${way === 'mail' ? 1 : 2}`);
        unknown = await timed({ mailOrPhone: unknownTo, way }, `10.9.3.${way === 'mail' ? 3 : 4}`);
      } finally {
        failing = false;
      }
      expect(known.res).toEqual({ code: 'E500', message: expect.any(String), data: null });
      expect(unknown.res).toEqual(known.res);
      expect(known.ms).toBeGreaterThanOrEqual(DELIVERY_MS - 5);
      expect(unknown.ms).toBeGreaterThanOrEqual(DELIVERY_MS - 5);
      expect([await stored(knownTo.toLowerCase()), await stored(unknownTo)]).toEqual(before);
      // Nothing was handed over, so nothing was counted, for either: asking again at once is not "too many".
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: knownTo, way }, { ip: '10.9.3.9' })).code).toBe('E000');
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: unknownTo, way }, { ip: '10.9.3.9' })).code).toBe('E000');
    }
  });

  it('a code requested for an unknown address resets nothing', async () => {
    later(CODE_RESEND_SECONDS);
    await t.post('/supplier/getCheckCode', { mailOrPhone: 'nobody2@example.com', way: 'mail' }, { ip: '10.9.0.6' });
    for (const code of ['000000', '123456'])
      expect(
        (
          await t.post('/supplier/forgetPwd', {
            mail: 'nobody2@example.com',
            code,
            newPassword: 'Reset1234',
            conPassword: 'Reset1234',
          })
        ).code,
      ).toBe('E400');
  });

  it.each([
    [{ mailOrPhone: 'not-mail', way: 'mail' }, 'mailOrPhone'],
    [{ mailOrPhone: '123', way: 'phone' }, 'mailOrPhone'],
    [{ mailOrPhone: 'a@b.cn', way: 'fax' }, 'way'],
    [{}, 'mailOrPhone'],
  ])('refuses %j with E400', async (body, field) => {
    const res = await t.post<Array<{ field: string }>>('/supplier/getCheckCode', body, { ip: '10.9.0.5' });
    expect(res.code).toBe('E400');
    expect(res.data.map((e) => e.field)).toContain(field);
  });
});

describe('supplierForgetPwd', () => {
  const reset = (code: string, password = 'Reset1234') => ({
    mail: a141!.email,
    code,
    newPassword: password,
    conPassword: password,
  });

  it('resets the password with the code, revokes tokens, and the code works once', async () => {
    const session = await t.login(a141!.username);
    later(CODE_RESEND_SECONDS);
    await t.post('/supplier/getCheckCode', { mailOrPhone: a141!.email, way: 'mail' }, { ip: '10.9.2.1' });
    const code = lastCode();
    expect((await t.post('/supplier/forgetPwd', reset(code))).code).toBe('E000');
    expect((await t.post('/supplier/getByToken', {}, { token: session.token })).code).toBe('E401');
    await t.login(a141!.username, 'Reset1234');
    expect((await t.post('/supplier/forgetPwd', reset(code, 'Again1234'))).code).toBe('E400');
  });

  it('refuses a wrong code, and after 5 wrong tries even the right one (E429)', async () => {
    later(CODE_RESEND_SECONDS);
    await t.post('/supplier/getCheckCode', { mailOrPhone: a141!.email, way: 'mail' }, { ip: '10.9.2.2' });
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    const first = await t.post<Array<{ field: string }>>('/supplier/forgetPwd', reset(wrong));
    expect(first).toMatchObject({
      code: 'E400',
      message: 'The verification code is wrong or has expired',
    });
    expect(first.data[0]!.field).toBe('code');
    for (let i = 0; i < 4; i++) await t.post('/supplier/forgetPwd', reset(wrong));
    expect((await t.post('/supplier/forgetPwd', reset(code))).code).toBe('E429');
  });

  it('refuses an expired code', async () => {
    later(CODE_RESEND_SECONDS);
    await t.post('/supplier/getCheckCode', { mailOrPhone: a141!.email, way: 'mail' }, { ip: '10.9.2.3' });
    const code = lastCode();
    later(CODE_TTL_SECONDS + 1);
    expect((await t.post('/supplier/forgetPwd', reset(code))).code).toBe('E400');
  });

  it('works by phone as well', async () => {
    later(CODE_RESEND_SECONDS);
    await t.post('/supplier/getCheckCode', { mailOrPhone: a101!.phone, way: 'phone' }, { ip: '10.9.2.4' });
    expect(
      (
        await t.post('/supplier/forgetPwd', {
          phone: a101!.phone,
          code: lastCode(),
          newPassword: 'Phone1234',
          conPassword: 'Phone1234',
        })
      ).code,
    ).toBe('E000');
    await t.login(a101!.username, 'Phone1234');
  });

  it.each([
    [
      {
        mail: 'a@b.cn',
        code: '12345',
        newPassword: 'Reset1234',
        conPassword: 'Reset1234',
      },
      'code',
    ],
    [{ code: '123456', newPassword: 'Reset1234', conPassword: 'Reset1234' }, 'mail'],
    [
      {
        mail: 'a@b.cn',
        code: '123456',
        newPassword: 'short',
        conPassword: 'short',
      },
      'newPassword',
    ],
    [
      {
        mail: 'a@b.cn',
        code: '123456',
        newPassword: 'Reset1234',
        conPassword: 'Reset9999',
      },
      'conPassword',
    ],
    [
      {
        phone: '999',
        code: '123456',
        newPassword: 'Reset1234',
        conPassword: 'Reset1234',
      },
      'phone',
    ],
  ])('refuses %j with E400', async (body, field) => {
    const res = await t.post<Array<{ field: string }>>('/supplier/forgetPwd', body);
    expect(res.code).toBe('E400');
    expect(res.data.map((e) => e.field)).toContain(field);
  });
});
