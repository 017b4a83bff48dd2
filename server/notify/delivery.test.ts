import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../../contract/limits';
import { wireTables } from '../../contract/messages';
import { build } from '../test/helper';
import { freePort } from '../../scripts/lib.mjs';
import { SMS_SECRET_HEADER, type SmsWebhookBody } from './sms';

/**
 * Verification codes through real transports: an SMTP server (smtp-server, on loopback, with a
 * login) and an HTTP endpoint standing in for the buyer's SMS gateway, behind the real routes.
 */

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const SMTP_USER = 'portal';
const SMTP_PASS = 'smtp-secret';
const mails: ReceivedMail[] = [];
const smtp = new SMTPServer({
  secure: false,
  // Loopback in a test: no certificate to offer, and nodemailer must not insist on STARTTLS.
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  onAuth(auth, _session, callback) {
    if (auth.username === SMTP_USER && auth.password === SMTP_PASS) callback(null, { user: auth.username });
    else callback(new Error('invalid login'));
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});
const smtpPort = await new Promise<number>((done) => smtp.listen(0, '127.0.0.1', () => done((smtp.server.address() as AddressInfo).port)));

/** An SMTP server that is up but fails every mail (451 to MAIL FROM), after a moment's thought. */
const FAILING_DELAY_MS = 150;
let failingSeen = 0;
const failingSmtp = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onMailFrom(_address, _session, callback) {
    failingSeen++;
    setTimeout(() => callback(Object.assign(new Error('mailbox service unavailable, try later'), { responseCode: 451 })), FAILING_DELAY_MS);
  },
});
const failingPort = await new Promise<number>((done) =>
  failingSmtp.listen(0, '127.0.0.1', () => done((failingSmtp.server.address() as AddressInfo).port)),
);

const SMS_SECRET = 'sms-webhook-secret-0123';
const smsCalls: Array<{
  headers: IncomingMessage['headers'];
  body: SmsWebhookBody;
}> = [];
let smsStatus = 200;
const sms: Server = createServer((req, res) => {
  let text = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (text += c));
  req.on('end', () => {
    smsCalls.push({
      headers: req.headers,
      body: JSON.parse(text) as SmsWebhookBody,
    });
    res.writeHead(smsStatus, { 'content-type': 'application/json' }).end('{}');
  });
});
const smsPort = await new Promise<number>((done) => sms.listen(0, '127.0.0.1', () => done((sms.address() as AddressInfo).port)));

afterAll(async () => {
  await new Promise<void>((done) => smtp.close(() => done()));
  await new Promise<void>((done) => failingSmtp.close(() => done()));
  await new Promise<void>((done) => sms.close(() => done()));
});

const MAIL_FROM = 'Supplier portal <no-reply@paper.example>';
const t = await build({
  notifier: undefined,
  mail: {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${smtpPort}`,
    from: MAIL_FROM,
  },
  sms: { url: `http://127.0.0.1:${smsPort}/sms`, secret: SMS_SECRET },
});
const [a101, a104] = t.accounts;

/** Nothing listens there: every SMTP delivery is refused. */
const refused = await build({
  notifier: undefined,
  mail: { url: `smtp://127.0.0.1:${await freePort()}`, from: MAIL_FROM },
});

/** The server above answers, and fails every mail. */
const failing = await build({
  notifier: undefined,
  mail: { url: `smtp://127.0.0.1:${failingPort}`, from: MAIL_FROM },
});

let ipSeq = 0;
const nextIp = () => `10.77.0.${++ipSeq}`;
beforeEach(() => {
  for (const app of [t, refused, failing]) app.clock.now = new Date(app.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
});

/** A header of a raw message (unfolded). */
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*(?:\\r\\n[ \\t].*)*)`, 'im').exec(raw.split('\r\n\r\n')[0]!)?.[1]!.replace(/\r\n[ \t]/g, ' ');

/** Decodes RFC 2047 words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) in a header value. */
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** The decoded body of the part of `type` (text/plain or text/html). */
function part(raw: string, type: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const found = raw.split(`--${boundary}`).find((p) => new RegExp(`^content-type: ${type}`, 'im').test(p));
  if (!found) throw new Error(`no ${type} part`);
  const [head, ...rest] = found.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n').replace(/\r\n$/, '');
  const encoding = /content-transfer-encoding: (\S+)/i.exec(head!)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)![1]!;
const storedCodes = async (app: typeof t, target: string) =>
  (await app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM verification_codes WHERE target = $1', [target]))[0]!.n;

describe('codes by mail over SMTP', () => {
  it("sends the code in the language of the person who asked, as text and HTML, from MAIL_FROM, with SMTP_URL's login", async () => {
    for (const [lang, locale, contentLanguage] of [
      ['en', 'en', 'en'],
      ['vi', 'vie', 'vi'],
      ['zh-CN', 'zh-CN', 'zh-CN'],
    ] as const) {
      t.clock.now = new Date(t.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
      const before = mails.length;
      const res = await t.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: nextIp(), lang });
      expect(res).toEqual({
        code: 'E000',
        message: wireTables[locale].ok,
        data: { resendAfterSeconds: CODE_RESEND_SECONDS },
      });
      // Handed over before the answer: the mail is already there.
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      expect(mail.to).toEqual([a101!.email]);
      expect(mail.from).toBe('no-reply@paper.example');
      expect(header(mail.raw, 'From')).toContain('<no-reply@paper.example>');
      expect(header(mail.raw, 'Content-Language')).toBe(contentLanguage);
      expect(header(mail.raw, 'Auto-Submitted')).toBe('auto-generated');
      const subject = decodeWords(header(mail.raw, 'Subject')!);
      const text = part(mail.raw, 'text/plain');
      const html = part(mail.raw, 'text/html');
      const code = codeOf(text);
      expect(html).toContain(`>${code}</strong>`);
      const minutes = String(CODE_TTL_SECONDS / 60);
      expect({ subject, text: text.includes(minutes) }).toEqual({
        subject: {
          en: 'Supplier portal verification code',
          vie: 'Mã xác minh cổng nhà cung cấp',
          'zh-CN': '供应商门户验证码',
        }[locale],
        text: true,
      });
      expect(text).toContain(
        {
          en: 'resetting your password',
          vie: 'đặt lại mật khẩu',
          'zh-CN': '找回密码',
        }[locale],
      );
    }
  });

  it('the code in the mail resets the password', async () => {
    await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.email, way: 'mail' }, { ip: nextIp() });
    const code = codeOf(part(mails.at(-1)!.raw, 'text/plain'));
    const reset = await t.post('/supplier/forgetPwd', {
      mail: a104!.email,
      code,
      newPassword: 'Mailed123',
      conPassword: 'Mailed123',
    });
    expect(reset.code).toBe('E000');
    expect(
      (
        await t.post('/supplier/login', {
          username: a104!.username,
          password: 'Mailed123',
        })
      ).code,
    ).toBe('E000');
  });

  it("sends an address without an account word that no account uses it, with no code, in the asker's language, and answers alike", async () => {
    for (const [lang, locale] of [
      ['en', 'en'],
      ['vi', 'vie'],
      ['zh-CN', 'zh-CN'],
    ] as const) {
      t.clock.now = new Date(t.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
      const known = await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.email, way: 'mail' }, { ip: nextIp(), lang });
      const before = mails.length;
      const res = await t.post('/supplier/getCheckCode', { mailOrPhone: 'Nobody@paper.example', way: 'mail' }, { ip: nextIp(), lang });
      expect(res).toEqual({
        code: 'E000',
        message: wireTables[locale].ok,
        data: { resendAfterSeconds: CODE_RESEND_SECONDS },
      });
      expect(res).toEqual(known);
      expect(mails).toHaveLength(before + 1);
      const mail = mails.at(-1)!;
      expect(mail.to).toEqual(['Nobody@paper.example']);
      const subject = decodeWords(header(mail.raw, 'Subject')!);
      const text = part(mail.raw, 'text/plain');
      expect({ subject, text: text.split(/\r?\n/)[0] }).toEqual({
        subject: {
          en: 'Supplier portal: no verification code sent',
          vie: 'Cổng nhà cung cấp: không gửi mã xác minh',
          'zh-CN': '供应商门户：未发送验证码',
        }[locale],
        text: {
          en: 'Someone asked to reset a supplier portal password with this email address, but no supplier account uses it, so there is no code. If you have an account, try again with the email address or phone number you registered with.',
          vie: 'Có người yêu cầu đặt lại mật khẩu cổng nhà cung cấp bằng địa chỉ email này, nhưng không có tài khoản nhà cung cấp nào dùng địa chỉ email này, nên không có mã xác minh. Nếu bạn có tài khoản, hãy thử lại bằng email hoặc số điện thoại đã đăng ký.',
          'zh-CN':
            '有人申请用本邮箱找回供应商门户的密码，但没有供应商账号使用本邮箱，因此没有验证码。如果您有账号，请用注册时填写的邮箱或手机号重试。',
        }[locale],
      });
      // No code anywhere in it.
      expect(text).not.toMatch(/\d{6}/);
      expect(part(mail.raw, 'text/html')).not.toMatch(/<strong|\d{6}/);
    }
  });
});

describe('codes by SMS through the webhook', () => {
  it('posts the text, code, language and purpose with the secret header', async () => {
    const before = smsCalls.length;
    const res = await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: nextIp(), lang: 'vi' });
    expect(res.code).toBe('E000');
    expect(smsCalls).toHaveLength(before + 1);
    const { headers, body } = smsCalls.at(-1)!;
    expect(headers[SMS_SECRET_HEADER.toLowerCase()]).toBe(SMS_SECRET);
    expect(headers['content-type']).toBe('application/json');
    expect(body).toEqual({
      to: a104!.phone,
      kind: 'code',
      code: expect.stringMatching(/^\d{6}$/),
      locale: 'vie',
      purpose: 'recovery',
      validSeconds: CODE_TTL_SECONDS,
      text: expect.any(String),
    });
    expect(body.text).toBe(
      `Mã xác minh của bạn là ${(body as { code: string }).code}, dùng để đặt lại mật khẩu. Mã có hiệu lực trong ${CODE_TTL_SECONDS / 60} phút.`,
    );
  });

  it('posts word that no account uses a phone, with no code, and answers alike', async () => {
    const known = await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: nextIp(), lang: 'en' });
    const before = smsCalls.length;
    const res = await t.post('/supplier/getCheckCode', { mailOrPhone: '13911114444', way: 'phone' }, { ip: nextIp(), lang: 'en' });
    expect(res).toEqual(known);
    expect(smsCalls).toHaveLength(before + 1);
    expect(smsCalls.at(-1)!.body).toEqual({
      to: '13911114444',
      kind: 'unknown',
      locale: 'en',
      purpose: 'recovery',
      text: 'Someone asked to reset a supplier portal password with this phone number, but no supplier account uses it, so there is no code. If you have an account, try again with the email address or phone number you registered with.',
    });
  });

  it('a gate code for a phone without an approved visit: word that it has none, answered alike', async () => {
    const known = await t.post('/h5/getVerificationCodeByPhone', { phone: '13900000001' }, { ip: nextIp(), lang: 'zh-CN' });
    expect(smsCalls.at(-1)!.body).toMatchObject({ to: '13900000001', kind: 'code', purpose: 'gate' });
    const res = await t.post('/h5/getVerificationCodeByPhone', { phone: '13911115555' }, { ip: nextIp(), lang: 'zh-CN' });
    expect(res).toEqual(known);
    expect(smsCalls.at(-1)!.body).toEqual({
      to: '13911115555',
      kind: 'unknown',
      locale: 'zh-CN',
      purpose: 'gate',
      text: '有人申请用本手机号领取访客二维码，但本手机号没有已批准的参观，因此没有验证码。请向接待人确认参观申请中填写的手机号。',
    });
  });

  it('an endpoint answering 502 is a failed delivery: E500 codeNotSent, no code kept, the limits given back', async () => {
    smsStatus = 502;
    try {
      const before = await storedCodes(t, a104!.phone);
      const ip = nextIp();
      const res = await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip, lang: 'en' });
      expect(res).toEqual({
        code: 'E500',
        message: wireTables.en.codeNotSent,
        data: null,
      });
      expect(await storedCodes(t, a104!.phone)).toBe(before);
      // Nothing was handed over, so nothing was counted: trying again at once is not "too many".
      smsStatus = 200;
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip })).code).toBe('E000');
      expect(await storedCodes(t, a104!.phone)).toBe(before + 1);
    } finally {
      smsStatus = 200;
    }
  });

  it('a failed delivery leaves the code received before it valid', async () => {
    await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: nextIp() });
    const sent = smsCalls.at(-1)!.body;
    const received = sent.kind === 'code' ? sent.code : '';
    t.clock.now = new Date(t.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
    smsStatus = 500;
    try {
      expect((await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: nextIp() })).code).toBe('E500');
    } finally {
      smsStatus = 200;
    }
    const reset = await t.post('/supplier/forgetPwd', {
      phone: a104!.phone,
      code: received,
      newPassword: 'Texted123',
      conPassword: 'Texted123',
    });
    expect(reset.code).toBe('E000');
  });
});

describe('a failing transport', () => {
  it('a refused SMTP connection: "could not send the code" in the asker\'s language, alike for an address with an account and one without, and no code kept', async () => {
    const target = a101!.email.toLowerCase();
    const nobody = 'nobody@paper.example';
    const before = [await storedCodes(refused, target), await storedCodes(refused, nobody)];
    for (const [lang, locale] of [
      ['zh-CN', 'zh-CN'],
      ['en', 'en'],
      ['vi', 'vie'],
    ] as const) {
      const known = await refused.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: nextIp(), lang });
      const unknown = await refused.post('/supplier/getCheckCode', { mailOrPhone: nobody, way: 'mail' }, { ip: nextIp(), lang });
      expect(known).toEqual({
        code: 'E500',
        message: wireTables[locale].codeNotSent,
        data: null,
      });
      expect(unknown).toEqual(known);
    }
    expect([await storedCodes(refused, target), await storedCodes(refused, nobody)]).toEqual(before);
    // Not refused as too many either, for either: only messages handed over count.
    expect((await refused.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: nextIp() })).code).toBe('E500');
    expect((await refused.post('/supplier/getCheckCode', { mailOrPhone: nobody, way: 'mail' }, { ip: nextIp() })).code).toBe('E500');
  });

  it('an SMTP server that fails every mail: the same answer, after the same wait for the server, for an address with an account and one without', async () => {
    for (const [lang, locale] of [
      ['zh-CN', 'zh-CN'],
      ['en', 'en'],
      ['vi', 'vie'],
    ] as const) {
      failing.clock.now = new Date(failing.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
      const ask = async (mailOrPhone: string) => {
        const [seen, started] = [failingSeen, performance.now()];
        const res = await failing.post('/supplier/getCheckCode', { mailOrPhone, way: 'mail' }, { ip: nextIp(), lang });
        // Each went to the SMTP server and waited for its refusal.
        expect(failingSeen).toBe(seen + 1);
        expect(performance.now() - started).toBeGreaterThanOrEqual(FAILING_DELAY_MS - 10);
        return res;
      };
      const known = await ask(a104!.email);
      const unknown = await ask('nobody2@paper.example');
      expect(known).toEqual({ code: 'E500', message: wireTables[locale].codeNotSent, data: null });
      expect(unknown).toEqual(known);
    }
    expect(await storedCodes(failing, a104!.email.toLowerCase())).toBe(0);
    expect(await storedCodes(failing, 'nobody2@paper.example')).toBe(0);
  });

  it('an SMS endpoint answering 502: the same answer for a phone with an account and one without, and at the gate for a phone with an approved visit and one without', async () => {
    smsStatus = 502;
    try {
      for (const lang of ['zh-CN', 'en', 'vi'] as const) {
        t.clock.now = new Date(t.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
        const before = smsCalls.length;
        const known = await t.post('/supplier/getCheckCode', { mailOrPhone: a104!.phone, way: 'phone' }, { ip: nextIp(), lang });
        const unknown = await t.post('/supplier/getCheckCode', { mailOrPhone: '13911116666', way: 'phone' }, { ip: nextIp(), lang });
        expect(known).toMatchObject({ code: 'E500', data: null });
        expect(unknown).toEqual(known);
        const expected = await t.post('/h5/getVerificationCodeByPhone', { phone: '13900000001' }, { ip: nextIp(), lang });
        const stranger = await t.post('/h5/getVerificationCodeByPhone', { phone: '13911117777' }, { ip: nextIp(), lang });
        expect(expected).toEqual(known);
        expect(stranger).toEqual(known);
        // Every one of them was tried at the endpoint.
        expect(smsCalls.slice(before).map((c) => c.body.to)).toEqual([a104!.phone, '13911116666', '13900000001', '13911117777']);
      }
    } finally {
      smsStatus = 200;
    }
  });
});
