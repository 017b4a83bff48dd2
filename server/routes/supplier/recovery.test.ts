import { describe, expect, it } from 'vitest';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../../../contract/limits';
import type { VerificationMessage } from '../../notify/notifier';
import { build } from '../../test/helper';

/** Every delivery takes 40 ms here; `slept` is what the decoy for an unknown target waited (ms). */
const DELIVERY_MS = 40;
const slept: number[] = [];
const t = await build({
  notifier: {
    sendCode: async (m: VerificationMessage) => {
      t.inbox.push(m);
      await new Promise((done) => setTimeout(done, DELIVERY_MS));
    },
  },
  sleep: async (ms) => void slept.push(ms),
});
const [a101, a104, a141] = t.accounts;
const later = (seconds: number) => {
  t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
};
const lastCode = () => t.inbox.at(-1)!.code;

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
    for (let i = 0; i < 10; i++) await t.post('/supplier/getCheckCode', { mailOrPhone: `x${i}@example.com`, way: 'mail' }, { ip: '10.9.1.1' });
    expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a141!.email, way: 'mail' }, { ip: '10.9.1.1' })).code).toBe('E429');
  });

  it('answers an unknown address exactly like a known one, sends it nothing, and takes as long as a real delivery', async () => {
    later(CODE_RESEND_SECONDS);
    // The answer for an unknown address waits a time drawn from the recent real deliveries of its way.
    const codes = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes'))[0]!.n;
    for (const way of ['mail', 'phone'] as const) {
      const [storedBefore, sentBefore] = [await codes(), t.inbox.length];
      const known = await t.post('/supplier/getCheckCode', { mailOrPhone: way === 'mail' ? a104!.email : a141!.phone, way }, { ip: '10.9.0.4' });
      slept.length = 0;
      const unknown = await t.post(
        '/supplier/getCheckCode',
        {
          mailOrPhone: way === 'mail' ? 'nobody@example.com' : '13911112222',
          way,
        },
        { ip: '10.9.0.4' },
      );
      expect(known).toEqual({
        code: 'E000',
        message: expect.any(String),
        data: { resendAfterSeconds: CODE_RESEND_SECONDS },
      });
      expect(unknown).toEqual(known);
      expect(slept).toHaveLength(1);
      expect(slept[0]).toBeGreaterThanOrEqual(DELIVERY_MS - 5);
      // The same work for both (a code stored for each), one message sent.
      expect(await codes()).toBe(storedBefore + 2);
      expect(t.inbox.length).toBe(sentBefore + 1);
      // The limits treat both alike as well.
      expect(
        (
          await t.post(
            '/supplier/getCheckCode',
            {
              mailOrPhone: way === 'mail' ? 'nobody@example.com' : '13911112222',
              way,
            },
            { ip: '10.9.0.5' },
          )
        ).code,
      ).toBe('E429');
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: way === 'mail' ? a104!.email : a141!.phone, way }, { ip: '10.9.0.5' })).code).toBe('E429');
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
