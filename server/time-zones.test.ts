import { afterAll, describe, expect, it } from 'vitest';
import type { CommunicationDetail } from '../contract/schemas/communication';
import type { VisitApplicationDetail } from '../contract/schemas/visit';
import type { VisitPass } from '../contract/schemas/visitor';
import { build } from './test/helper';
import { PEOPLE, visitKit } from './test/visit-applications';

/**
 * Business times follow the buyer's zone (TIME_ZONE, Asia/Shanghai by default) and each base's
 * own, never the server's clock: the same service, run on servers in two zones far from it,
 * gives the same answers. Node reads TZ again whenever it is set, and these suites run in a
 * process of their own (vitest's forks pool).
 */
const ORIGINAL_TZ = process.env.TZ;
afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

/** 2026-11-30 17:30 UTC: already 1 December in China, still 30 November in UTC and Los Angeles. */
const NOW = new Date('2026-11-30T17:30:00Z');

async function answersOn(serverZone: string) {
  process.env.TZ = serverZone;
  // The process's clock really is in that zone.
  expect(new Date(NOW).getTimezoneOffset()).toBe(serverZone === 'UTC' ? 0 : 480);
  const t = await build();
  try {
    t.clock.now = NOW;
    const kit = visitKit(t);
    const s = await kit.session('demo_a104');
    // An application for 10 and 11 December at the Dongguan base (Asia/Shanghai) and one at the
    // Vietnamese base (Asia/Ho_Chi_Minh); the first visitor's phone is asked for a gate pass.
    const applications: Record<string, VisitApplicationDetail> = {};
    for (const [base, department, people] of [
      ['DG', 'DG-EQP', [PEOPLE[0]!]],
      ['VN', 'VN-PRD', [PEOPLE[1]!]],
    ] as const) {
      const body = {
        ...(await kit.body(s, [...people])),
        productionBase: base,
        department,
        startDate: '2026-12-10',
        endDate: '2026-12-11',
      };
      const saved = await kit.save(s, body);
      expect(saved.code, saved.message).toBe('E000');
      applications[base] = saved.data;
      await kit.operator('reviewVisitApplication', { id: saved.data.id, approve: true });
    }
    const visits = (
      await kit.operator<Array<{ phone: string; validFrom: string; validUntil: string; timeZone: string | null }>>('listVisits', {})
    ).filter((v) => PEOPLE.slice(0, 2).some((p) => p.phone === v.phone));
    // A visit the buyer approves by hand, with days and a wall-clock end.
    const byHand = await kit.operator<{ validFrom: string; validUntil: string }>('approveVisit', {
      phone: '13700000199',
      name: '手工访客',
      base: 'VN',
      department: 'VN-PUR',
      host: 'Nguyễn',
      from: '2026-12-10',
      until: '2026-12-10T17:30',
    });
    const enquiry = await kit.operator<{ enquiryNo: string; deadline: string }>('createEnquiry', {
      theme: '时区询价',
      suppliers: ['demo_a104'],
      lines: [{ materialNo: 'M-1', name: '瓦楞纸', specification: '120g', unit: '吨', brand: '', quantity: '1', packageSpecification: '' }],
      deadline: '2026-12-10T18:00',
    });
    const notice = await kit.operator<{ tenderNo: string }>('publishNotice', { type: 'bidding', title: '时区公告' });
    const thread = await t.post<CommunicationDetail>(
      '/communication/save',
      { priority: 'low', topic: '时区', content: '时区', attachments: [] },
      { token: s.token },
    );
    expect(thread.code, thread.message).toBe('E000');
    // The gate pass of the Vietnamese visit names its base's zone.
    const phone = PEOPLE[1]!.phone;
    await t.post('/h5/getVerificationCodeByPhone', { phone }, { ip: '10.9.0.1' });
    const code = [...t.inbox].reverse().find((m) => m.to === phone)!.code;
    const pass = await t.post<VisitPass>('/h5/getQrByPhoneAndVerificationCode', { phone, code }, { ip: '10.9.0.1' });
    expect(pass.code, pass.message).toBe('E000');
    const bases = await kit.operator<Array<{ code: string; timeZone: string; own: boolean }>>('listBases', {});
    return {
      visits: visits
        .map(({ phone: p, validFrom, validUntil, timeZone }) => ({ phone: p, validFrom, validUntil, timeZone }))
        .sort((a, b) => a.phone.localeCompare(b.phone)),
      byHand: { validFrom: byHand.validFrom, validUntil: byHand.validUntil },
      applicationDates: Object.values(applications).map((a) => [a.startDate, a.endDate]),
      applicationNo: applications.DG!.visitNo.slice(0, 10),
      enquiry: { no: enquiry.enquiryNo.slice(0, 10), deadline: enquiry.deadline },
      noticeNo: notice.tenderNo.slice(0, 10),
      threadNo: thread.data.questionNo.slice(0, 8),
      pass: { validFrom: pass.data.validFrom, validUntil: pass.data.validUntil, timeZone: pass.data.timeZone },
      bases,
    };
  } finally {
    await t.app.close();
  }
}

describe('business times on a server in another zone', () => {
  it('are the same on servers in UTC and in Los Angeles, on the buyer’s and the bases’ clocks', async () => {
    const utc = await answersOn('UTC');
    const losAngeles = await answersOn('America/Los_Angeles');
    expect(losAngeles).toEqual(utc);
    expect(utc.visits).toEqual([
      // Dongguan: 10 December 00:00 to 12 December 00:00 China time.
      { phone: PEOPLE[0]!.phone, validFrom: '2026-12-09T16:00:00.000Z', validUntil: '2026-12-11T16:00:00.000Z', timeZone: 'Asia/Shanghai' },
      // Binh Duong: the same days on Vietnam's clock, an hour later.
      {
        phone: PEOPLE[1]!.phone,
        validFrom: '2026-12-09T17:00:00.000Z',
        validUntil: '2026-12-11T17:00:00.000Z',
        timeZone: 'Asia/Ho_Chi_Minh',
      },
    ]);
    expect(utc.byHand).toEqual({ validFrom: '2026-12-09T17:00:00.000Z', validUntil: '2026-12-10T10:30:00.000Z' });
    expect(utc.pass).toEqual({
      validFrom: '2026-12-09T17:00:00.000Z',
      validUntil: '2026-12-11T17:00:00.000Z',
      timeZone: 'Asia/Ho_Chi_Minh',
    });
    expect(utc.applicationDates).toEqual([
      ['2026-12-10', '2026-12-11'],
      ['2026-12-10', '2026-12-11'],
    ]);
    // Numbers are dated on the buyer's clock: already 1 December there.
    expect(utc.applicationNo).toBe('FS20261201');
    expect(utc.enquiry).toEqual({ no: 'XJ20261201', deadline: '2026-12-10T10:00:00.000Z' });
    expect(utc.noticeNo).toBe('ZB20261201');
    expect(utc.threadNo).toBe('GT202612');
    expect(utc.bases.find((b) => b.code === 'VN')).toMatchObject({ timeZone: 'Asia/Ho_Chi_Minh', own: true });
    // Two bid services built and seeded one after the other: twice a file's usual time.
  }, 120_000);

  it('puts a base without a zone of its own on the buyer’s clock (TIME_ZONE)', async () => {
    process.env.TZ = 'UTC';
    const t = await build({ timeZone: 'Asia/Ho_Chi_Minh' });
    try {
      t.clock.now = NOW;
      const kit = visitKit(t);
      expect(await kit.operator('setBaseTimeZone', { base: 'dg', zone: 'default' })).toEqual({
        code: 'DG',
        timeZone: 'Asia/Ho_Chi_Minh',
        own: false,
      });
      await expect(kit.operator('setBaseTimeZone', { base: 'DG', zone: 'Mars/Olympus' })).rejects.toThrow(/IANA time zone/);
      await expect(kit.operator('setBaseTimeZone', { base: 'XX', zone: 'Asia/Shanghai' })).rejects.toThrow(/no production base/);
      const visit = await kit.operator<{ validFrom: string; validUntil: string; timeZone: string | null }>('approveVisit', {
        phone: '13700000198',
        name: '访客',
        base: 'DG',
        department: 'DG-PUR',
        host: '王',
        from: '2026-12-10',
        until: '2026-12-10',
      });
      expect(visit).toMatchObject({ validFrom: '2026-12-09T17:00:00.000Z', validUntil: '2026-12-10T17:00:00.000Z', timeZone: null });
    } finally {
      await t.app.close();
    }
  });
});
