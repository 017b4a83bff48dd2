import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { VisitItem, VisitorPerson, VisitPass, VisitPassClaims } from '../../../contract/schemas/visitor';
import { signPass } from '../../security/pass';
import { DEMO_VISITOR } from '../../seed';
import { build, oneWriteAmong } from '../../test/helper';

const t = await build();
const DAY = 86_400_000;
const phone = DEMO_VISITOR.phone;
const lastCode = (to: string) => [...t.inbox].reverse().find((m) => m.to === to)!.code;
const secret = () => t.app.services.passSecret;

/** Each test asks from its own address, so the per-address code limit stays out of the way. */
let ipSeq = 10;
const nextIp = () => `10.0.0.${ipSeq++}`;

/**
 * Past the resend countdown and the hourly limits of codes, which other tests here use up.
 * The clock only moves on (never back), so no later test finds itself inside a limit again.
 */
const pastCodeLimits = () => {
  t.clock.now = new Date(t.clock.now.getTime() + 61 * 60_000);
};

async function getPass(p: string = phone): Promise<VisitPass> {
  const ip = nextIp();
  pastCodeLimits();
  const sent = await t.post('/h5/getVerificationCodeByPhone', { phone: p }, { ip });
  expect(sent.code).toBe('E000');
  const res = await t.post<VisitPass>('/h5/getQrByPhoneAndVerificationCode', { phone: p, code: lastCode(p) }, { ip });
  expect(res.code).toBe('E000');
  return res.data;
}

/** An approved visit of 30 days for a phone of its own; answers the phone. */
let ownVisits = 0;
async function ownVisit(): Promise<string> {
  const p = `1360000${String(++ownVisits).padStart(4, '0')}`;
  await t.db.query(
    "INSERT INTO visits (visit_no, phone, visitor_name, base_code, department_code, host, valid_from, valid_until, created_at) VALUES ($3, $1, '自有访客', 'TJ', 'TJ-PUR', '李', $2::timestamptz - interval '1 day', $2::timestamptz + interval '30 days', now())",
    [p, t.clock.now, `FKOWN${ownVisits}`],
  );
  return p;
}

const person = (overrides: Partial<VisitorPerson> = {}): VisitorPerson => ({
  name: '张访客',
  gender: 'M',
  certificateType: 'ID',
  certificateNo: '44190019900101123X',
  phone,
  meal: true,
  mealType: 'VEG',
  lodging: false,
  ...overrides,
});

const claimsOf = (pass: string) =>
  JSON.parse(Buffer.from(pass.split('.')[1]!, 'base64url').toString()) as VisitPassClaims & Record<string, unknown>;
const withClaims = (pass: string, change: Record<string, unknown>) => {
  const [v, , sig] = pass.split('.');
  return `${v}.${Buffer.from(JSON.stringify({ ...claimsOf(pass), ...change })).toString('base64url')}.${sig}`;
};

describe('the pass secret', () => {
  it('is created in the data directory, readable by this account only', () => {
    expect(statSync(join(t.dataDir, 'pass.secret')).mode & 0o777).toBe(0o600);
  });
});

describe('h5GetVerificationCodeByPhone', () => {
  it('sends a 6-digit code to a phone with an approved visit', async () => {
    pastCodeLimits();
    const res = await t.post<{ resendAfterSeconds: number }>('/h5/getVerificationCodeByPhone', { phone }, { ip: nextIp() });
    expect(res).toMatchObject({ code: 'E000', data: { resendAfterSeconds: 60 } });
    expect(lastCode(phone)).toMatch(/^\d{6}$/);
  });

  it('answers a phone without an approved visit exactly like one with a visit, and sends it word that it has none, with no code', async () => {
    pastCodeLimits();
    const sent = t.inbox.length;
    const known = await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: nextIp() });
    const unknown = await t.post('/h5/getVerificationCodeByPhone', { phone: '13700000001' }, { ip: nextIp() });
    expect(known).toEqual({ code: 'E000', message: expect.any(String), data: { resendAfterSeconds: 60 } });
    expect(unknown).toEqual(known);
    expect(t.inbox.slice(sent)).toEqual([
      { to: phone, way: 'phone', code: expect.stringMatching(/^\d{6}$/), locale: 'en', purpose: 'gate' },
      { to: '13700000001', way: 'phone', code: null, locale: 'en', purpose: 'gate' },
    ]);
    // Limited alike: a resend within 60 s is E429 for both.
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: nextIp() })).code).toBe('E429');
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone: '13700000001' }, { ip: nextIp() })).code).toBe('E429');
    // And a made-up code is the same E400 for both: only the code's holder learns about the visit.
    const wrong = lastCode(phone) === '000000' ? '111111' : '000000';
    const wrongFor = async (p: string) => t.post('/h5/getQrByPhoneAndVerificationCode', { phone: p, code: wrong }, { ip: nextIp() });
    const knownWrong = await wrongFor(phone);
    expect(knownWrong.code).toBe('E400');
    expect(await wrongFor('13700000001')).toEqual(knownWrong);
  });

  it('refuses malformed phones (E400)', async () => {
    for (const p of ['12345678901', '1390000000', 13900000001, '', 'x'.repeat(500)]) {
      expect((await t.post('/h5/getVerificationCodeByPhone', { phone: p }, { ip: nextIp() })).code, String(p)).toBe('E400');
    }
  });

  it('limits resends to one per 60 s and requests to 10 per hour per address (E429)', async () => {
    pastCodeLimits();
    const ip = nextIp();
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip })).code).toBe('E000');
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip })).code).toBe('E429');
    const busy = nextIp();
    for (let i = 0; i < 10; i++) await t.post('/h5/getVerificationCodeByPhone', { phone: '13700000000' }, { ip: busy });
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: busy })).code).toBe('E429');
  });

  it('keeps visitor codes apart from supplier codes of the same phone', async () => {
    const pass = await getPass();
    expect(pass.phone).toBe(phone);
    const reset = await t.post('/supplier/forgetPwd', { phone, code: lastCode(phone), newPassword: 'Secret123', conPassword: 'Secret123' });
    expect(reset.code).not.toBe('E000');
  });
});

describe('h5GetQrByPhoneAndVerificationCode', () => {
  it('answers a signed pass with who, where and the validity window of the visit', async () => {
    const pass = await getPass();
    expect(pass.pass).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(pass).toMatchObject({
      visitorName: '访客演示',
      phone,
      productionBase: 'Dongguan production base',
      department: 'Purchasing',
      host: '王经理',
    });
    expect(pass.visitNo).toMatch(/^FK\d{10}$/);
    const claims = claimsOf(pass.pass);
    expect(claims).toMatchObject({
      vid: pass.visitorId,
      vis: pass.visitId,
      phone,
      exp: Math.floor(new Date(pass.validUntil).getTime() / 1000),
    });
    expect(new Date(pass.validUntil).getTime() - t.clock.now.getTime()).toBeGreaterThan(29 * DAY);
  });

  it('refuses a wrong code, a used code and, after 5 wrong tries, even the right one', async () => {
    const ip = nextIp();
    pastCodeLimits();
    await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip });
    const code = lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await t.post('/h5/getQrByPhoneAndVerificationCode', { phone, code: wrong }, { ip })).code).toBe('E400');
    expect((await t.post('/h5/getQrByPhoneAndVerificationCode', { phone, code }, { ip })).code).toBe('E000');
    expect((await t.post('/h5/getQrByPhoneAndVerificationCode', { phone, code }, { ip })).code).toBe('E400');
    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip });
    for (let i = 0; i < 5; i++) await t.post('/h5/getQrByPhoneAndVerificationCode', { phone, code: wrong }, { ip });
    expect((await t.post('/h5/getQrByPhoneAndVerificationCode', { phone, code: lastCode(phone) }, { ip })).code).toBe('E429');
    for (const body of [{ phone }, { phone, code: '12345' }, { phone, code: 123456 }, { phone: 'x', code: '123456' }]) {
      expect((await t.post('/h5/getQrByPhoneAndVerificationCode', body, { ip })).code).toBe('E400');
    }
  });

  it('answers E404 noApprovedVisit to the holder of a code once the visit has ended', async () => {
    const old = '13600000002';
    await t.db.query(
      "INSERT INTO visits (visit_no, phone, visitor_name, base_code, department_code, host, valid_from, valid_until, created_at) VALUES ('FKOLD', $1, '旧访客', 'TJ', 'TJ-PUR', '李', $2::timestamptz - interval '10 days', $2::timestamptz + interval '1 hour', now())",
      [old, t.clock.now],
    );
    const ip = nextIp();
    expect((await t.post('/h5/getVerificationCodeByPhone', { phone: old }, { ip })).code).toBe('E000');
    const code = lastCode(old);
    await t.db.query("UPDATE visits SET valid_until = $2::timestamptz - interval '1 minute' WHERE visit_no = 'FKOLD' AND phone = $1", [
      old,
      t.clock.now,
    ]);
    expect(await t.post('/h5/getQrByPhoneAndVerificationCode', { phone: old, code }, { ip })).toMatchObject({
      code: 'E404',
      message: 'There is no approved visit for this phone number',
    });
  });
});

describe('h5VerifyQr', () => {
  it('accepts a genuine pass within its window and names visitor and base', async () => {
    const { pass } = await getPass();
    const res = await t.post('/h5/verifyQr', { qr: pass });
    expect(res.data).toMatchObject({ valid: true, reason: null, visitorName: '访客演示', productionBase: 'Dongguan production base' });
  });

  it('refuses tampered claims, a foreign signature and garbage with reason "signature"', async () => {
    const { pass } = await getPass();
    const claims = claimsOf(pass) as { exp: number };
    const forged = [
      withClaims(pass, { exp: claims.exp + 365 * 86_400 }),
      withClaims(pass, { phone: '13900000002' }),
      signPass(claimsOf(pass) as VisitPassClaims, Buffer.from('another secret of at least thirty-two characters')),
      `${pass.slice(0, -2)}xx`,
      'v2' + pass.slice(2),
      'v1.e30.AAAA',
      'not a pass',
    ];
    for (const qr of forged) {
      const res = await t.post('/h5/verifyQr', { qr });
      expect(res.data, qr.slice(0, 40)).toMatchObject({ valid: false, reason: 'signature', visitorName: null });
    }
    expect((await t.post('/h5/verifyQr', {})).code).toBe('E400');
    expect((await t.post('/h5/verifyQr', { qr: 'x'.repeat(3000) })).code).toBe('E400');
  });

  it('says notYetValid before the window, expired after it, revoked once the visit is', async () => {
    const { pass, visitId } = await getPass();
    const claims = claimsOf(pass) as { nbf: number; exp: number };
    const saved = t.clock.now;
    try {
      t.clock.now = new Date((claims.nbf - 60) * 1000);
      expect((await t.post('/h5/verifyQr', { qr: pass })).data).toMatchObject({ valid: false, reason: 'notYetValid' });
      t.clock.now = new Date(claims.exp * 1000 - 1);
      expect((await t.post('/h5/verifyQr', { qr: pass })).data).toMatchObject({ valid: true, reason: null });
      t.clock.now = new Date(claims.exp * 1000);
      expect((await t.post('/h5/verifyQr', { qr: pass })).data).toMatchObject({ valid: false, reason: 'expired' });
    } finally {
      t.clock.now = saved;
    }
    await t.db.query("UPDATE visits SET status = 'revoked' WHERE id = $1", [visitId]);
    try {
      expect((await t.post('/h5/verifyQr', { qr: pass })).data).toMatchObject({ valid: false, reason: 'revoked' });
      expect((await t.post('/h5/getVisitPersonEntity', { pass })).code).toBe('E403');
    } finally {
      await t.db.query("UPDATE visits SET status = 'approved' WHERE id = $1", [visitId]);
    }
  });
});

describe('h5 calls with a pass', () => {
  it('lists the approved visits that have not ended, for the pass holder only', async () => {
    const pass = await getPass();
    const res = await t.post<VisitItem[]>('/h5/getValidItemByVisitorId', { pass: pass.pass, visitorId: pass.visitorId });
    expect(res.data.map((v) => v.visitId)).toEqual([pass.visitId]);
    expect(res.data[0]).toMatchObject({ host: '王经理', reason: '供应商来访洽谈' });
    expect((await t.post('/h5/getValidItemByVisitorId', { pass: pass.pass, visitorId: '00000000-0000-0000-0000-000000000000' })).code).toBe(
      'E403',
    );
    expect((await t.post('/h5/getValidItemByVisitorId', { pass: pass.pass })).code).toBe('E400');
  });

  it('saves the visitor information once per key, reads it back, and the pass shows the saved name', async () => {
    // A visitor of its own: the saved name replaces the demo visitor's, which other tests expect.
    const own = await ownVisit();
    const { pass } = await getPass(own);
    expect((await t.post('/h5/getVisitPersonEntity', { pass })).data).toBeNull();
    const before = await t.count('visitor_persons');
    const body = { pass, person: person() };
    const first = await t.post<VisitorPerson>('/h5/savePersonnelEntity', body, { headers: { 'idempotency-key': 'visitor-key-0001' } });
    const again = await t.post<VisitorPerson>('/h5/savePersonnelEntity', body, { headers: { 'idempotency-key': 'visitor-key-0001' } });
    expect(first).toEqual(again);
    expect(first.data).toMatchObject({ name: '张访客', mealType: 'VEG' });
    expect(await t.count('visitor_persons')).toBe(before + 1);
    expect((await t.post('/h5/getVisitPersonEntity', { pass })).data).toEqual(person());
    // Changed information replaces the old one: still one person per visitor.
    const changed = await t.post<VisitorPerson>('/h5/savePersonnelEntity', {
      pass,
      person: person({ meal: false, mealType: 'STD', lodging: true }),
    });
    expect(changed.data).toMatchObject({ meal: false, mealType: '', lodging: true });
    expect(await t.count('visitor_persons')).toBe(before + 1);
    expect((await getPass(own)).visitorName).toBe('张访客');
    const concurrent = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.post<VisitorPerson>('/h5/savePersonnelEntity', body, { headers: { 'idempotency-key': 'visitor-key-0002' } }),
      ),
    );
    expect(oneWriteAmong(concurrent).data).toMatchObject({ name: '张访客' });
    expect(await t.count('visitor_persons')).toBe(before + 1);
  });

  it('refuses bad visitor information with field errors: nothing written', async () => {
    const { pass } = await getPass();
    const before = (await t.post('/h5/getVisitPersonEntity', { pass })).data;
    const bad: Array<[Partial<VisitorPerson> | Record<string, unknown>, string]> = [
      [{ name: '' }, 'person.name'],
      [{ name: 'x'.repeat(51) }, 'person.name'],
      [{ certificateNo: '12' }, 'person.certificateNo'],
      [{ phone: '123' }, 'person.phone'],
      [{ meal: true, mealType: '' }, 'person.mealType'],
      [{ meal: 'yes' }, 'person.meal'],
      [{ gender: 'X' }, 'person.gender'],
      [{ certificateType: 'LICENCE' }, 'person.certificateType'],
      [{ mealType: 'BEEF' }, 'person.mealType'],
    ];
    for (const [change, field] of bad) {
      const res = await t.post<Array<{ field: string }>>('/h5/savePersonnelEntity', { pass, person: { ...person(), ...change } });
      expect(res.code, JSON.stringify(change)).toBe('E400');
      expect(
        res.data.map((f) => f.field),
        JSON.stringify(change),
      ).toContain(field);
    }
    expect((await t.post('/h5/getVisitPersonEntity', { pass })).data).toEqual(before);
  });

  it('refuses forged, tampered and expired passes: E400 malformed, E403 passInvalid or passExpired', async () => {
    const { pass } = await getPass();
    const tampered = withClaims(pass, { vid: '00000000-0000-0000-0000-000000000000' });
    expect(await t.post('/h5/savePersonnelEntity', { pass: tampered, person: person() })).toMatchObject({
      code: 'E403',
      message: 'The visit pass is not valid, please get a new one',
    });
    expect((await t.post('/h5/getVisitPersonEntity', { pass: 'not a pass' })).code).toBe('E400');
    expect((await t.post('/h5/getVisitPersonEntity', {})).code).toBe('E400');
    const exp = (claimsOf(pass) as { exp: number }).exp;
    const saved = t.clock.now;
    try {
      // The last millisecond of the window still counts; its end instant no longer does.
      t.clock.now = new Date(exp * 1000 - 1);
      expect((await t.post('/h5/getVisitPersonEntity', { pass })).code).toBe('E000');
      t.clock.now = new Date(exp * 1000);
      expect(await t.post('/h5/getVisitPersonEntity', { pass })).toMatchObject({
        code: 'E403',
        message: 'The visit pass has expired, please get a new one',
      });
      t.clock.now = new Date(exp * 1000 + 1000);
      expect(await t.post('/h5/savePersonnelEntity', { pass, person: person() })).toMatchObject({
        code: 'E403',
        message: 'The visit pass has expired, please get a new one',
      });
      expect((await t.post('/h5/getValidItemByVisitorId', { pass, visitorId: claimsOf(pass).vid })).code).toBe('E403');
    } finally {
      t.clock.now = saved;
    }
    // A pass signed with our secret for a visit that does not exist is not a pass either.
    const ghost = signPass({ ...(claimsOf(pass) as VisitPassClaims), vis: '00000000-0000-0000-0000-000000000000' }, secret());
    expect((await t.post('/h5/getVisitPersonEntity', { pass: ghost })).code).toBe('E403');
  });
});
