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

let ipSeq = 0;
const nextIp = () => `10.77.0.${++ipSeq}`;
beforeEach(() => {
  for (const app of [t, refused]) app.clock.now = new Date(app.clock.now.getTime() + CODE_RESEND_SECONDS * 1000);
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

  it('sends nothing to an address without an account, and answers alike', async () => {
    const before = mails.length;
    const res = await t.post('/supplier/getCheckCode', { mailOrPhone: 'nobody@paper.example', way: 'mail' }, { ip: nextIp() });
    expect(res).toEqual({
      code: 'E000',
      message: expect.any(String),
      data: { resendAfterSeconds: CODE_RESEND_SECONDS },
    });
    expect(mails).toHaveLength(before);
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
      code: expect.stringMatching(/^\d{6}$/),
      locale: 'vie',
      purpose: 'recovery',
      validSeconds: CODE_TTL_SECONDS,
      text: expect.any(String),
    });
    expect(body.text).toBe(`Mã xác minh của bạn là ${body.code}, dùng để đặt lại mật khẩu. Mã có hiệu lực trong ${CODE_TTL_SECONDS / 60} phút.`);
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
    const received = smsCalls.at(-1)!.body.code;
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

describe('a refused SMTP connection', () => {
  it('answers "could not send the code" in the asker\'s language and stores no code', async () => {
    const target = a101!.email.toLowerCase();
    const before = await storedCodes(refused, target);
    for (const [lang, locale] of [
      ['zh-CN', 'zh-CN'],
      ['en', 'en'],
      ['vi', 'vie'],
    ] as const) {
      const res = await refused.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: nextIp(), lang });
      expect(res).toEqual({
        code: 'E500',
        message: wireTables[locale].codeNotSent,
        data: null,
      });
    }
    expect(await storedCodes(refused, target)).toBe(before);
    // Not refused as too many either: only codes handed over count.
    expect((await refused.post('/supplier/getCheckCode', { mailOrPhone: a101!.email, way: 'mail' }, { ip: nextIp() })).code).toBe('E500');
  });
});
