import { describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../../contract/http';
import { tenderRecordDetail, tenderRecordPage, type TenderRecordDetail, type TenderRecordPage } from '../../../contract/schemas/tender';
import { build, oneWriteAmong } from '../../test/helper';
import { tenderKit } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
const key = (value: string) => ({ 'idempotency-key': value });
const registrations = async (noticeId: string) =>
  (await t.db.query<{ n: number }>('SELECT registration_count AS n FROM notices WHERE id = $1', [noticeId]))[0]!.n;

describe('tenderSignUp', () => {
  it('creates a signedUp record with the notice, its deposit, certificates and the server clock; counts one registration', async () => {
    const n = await k.notice();
    const before = await registrations(n.id);
    const res = await k.signUp(a141, n.id);
    expect(res.code).toBe('E000');
    expect(tenderRecordDetail.parse(res.data)).toBeTruthy();
    expect(res.data).toMatchObject({
      noticeId: n.id,
      tenderNo: n.tenderNo,
      status: 'signedUp',
      winStatus: 'pending',
      refundStatus: 'none',
      requiredDeposit: 5000,
      depositAmount: null,
      depositConfirmed: false,
      requiredCertificates: ['营业执照', 'ISO 9001 质量管理体系认证'],
      deposit: null,
      bid: null,
      refund: null,
      serverTime: new Date(t.clock.now).toISOString(),
    });
    expect(await registrations(n.id)).toBe(before + 1);
    // The public list shows the new count.
    const list = await t.post<{ records: Array<{ id: string; registrationCount: number }> }>('/business/listByPage', {
      searchContent: n.tenderNo,
    });
    expect(list.data.records[0]!.registrationCount).toBe(before + 1);
  });

  it('answers the same record when signing up twice (no second row, no second registration), even after the cut-off', async () => {
    const n = await k.notice({ hours: 1 });
    const first = await k.signUp(a104, n.id);
    const rows = await t.count('tender_records');
    const again = await k.signUp(a104, n.id);
    expect(again.data.id).toBe(first.data.id);
    expect(await t.count('tender_records')).toBe(rows);
    expect(await registrations(n.id)).toBe(1);
    await k.operator('closeNotice', { tenderNo: n.tenderNo });
    expect((await k.signUp(a104, n.id)).data.id).toBe(first.data.id);
  });

  it('signs up straight into depositConfirmed when the notice asks for no deposit', async () => {
    const n = await k.notice({ deposit: 0 });
    const res = await k.signUp(a104, n.id);
    expect(res.data).toMatchObject({ status: 'depositConfirmed', requiredDeposit: 0, depositConfirmed: false, refundStatus: 'none' });
  });

  it('refuses a notice past its cut-off (server clock) with E409 pastDeadline, and unknown notices with E404', async () => {
    const n = await k.notice({ hours: 1 });
    const rows = await t.count('tender_records');
    const saved = t.clock.now;
    // Past the cut-off, within the token's two hours.
    t.clock.now = new Date(saved.getTime() + 3600_000);
    try {
      expect(await k.signUp(a104, n.id)).toMatchObject({ code: 'E409', message: 'The current date is past the bid deadline' });
    } finally {
      t.clock.now = saved;
    }
    expect(await k.signUp(a104, '999999999')).toMatchObject({ code: 'E404', message: 'The data was not found' });
    expect((await k.signUp(a104, "1' OR '1'='1")).code).toBe('E404');
    expect(await t.count('tender_records')).toBe(rows);
    expect(await registrations(n.id)).toBe(0);
  });

  it('refuses bad input with E400 and nothing written', async () => {
    const rows = await t.count('tender_records');
    for (const body of [
      {},
      { noticeId: '' },
      { noticeId: 12 },
      { noticeId: 'x'.repeat(65) },
      { noticeId: ['1'] },
      { noticeId: 'x'.repeat(1_000_000) },
    ]) {
      const res = await t.post('/tender/signUp', body, k.as(a104));
      expect(res.code, JSON.stringify(body).slice(0, 50)).toMatch(/^E4(00|13)$/);
    }
    expect(await t.count('tender_records')).toBe(rows);
  });

  it('refuses status A101 with signUpNotAllowed and the other calls with forbidden; no token is E401', async () => {
    const a101 = await k.session('demo_a101');
    const n = await k.notice();
    expect(await k.signUp(a101, n.id)).toMatchObject({ code: 'E403', message: expect.stringContaining('does not allow signing up') });
    const id = '00000000-0000-0000-0000-000000000000';
    for (const [path, body] of [
      ['/tender/listByPage', {}],
      ['/tender/getById', { id }],
      [
        '/tender/payDeposit',
        {
          tenderRecordId: id,
          supplierCode: a101.supplierCode,
          depositType: 'transfer',
          amount: 1,
          paymentDate: '2026-01-01',
          remittanceSlip: [{ name: 'a', url: '', path: 'x' }],
        },
      ],
      [
        '/tender/submitBid',
        {
          tenderRecordId: id,
          supplierCode: a101.supplierCode,
          bidDocuments: [{ name: 'a', url: '', path: 'x' }],
          billOfMaterials: [{ name: 'a', url: '', path: 'x' }],
        },
      ],
      ['/tender/applyRefund', { tenderRecordId: id, supplierCode: a101.supplierCode }],
    ] as const) {
      expect(await t.post(path, body, k.as(a101)), path).toMatchObject({ code: 'E403', message: 'You are not allowed to do this' });
      expect((await t.post(path, body)).code, path).toBe('E401');
    }
    expect(await registrations(n.id)).toBe(0);
  });

  it('applies a repeated Idempotency-Key once; concurrent duplicates give one row', async () => {
    const n = await k.notice();
    const first = await k.signUp(a104, n.id, key('signup-key-0001'));
    const replay = await k.signUp(a104, n.id, key('signup-key-0001'));
    expect(replay).toEqual(first);
    const m = await k.notice();
    const rows = await t.count('tender_records');
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => k.signUp(a104, m.id, key(`signup-concurrent-${i % 2}`))));
    expect(await t.count('tender_records')).toBe(rows + 1);
    expect(await registrations(m.id)).toBe(1);
    // Both keys answer the one record: signing up again answers the record there is.
    oneWriteAmong(answers);
  });
});

describe('tenderListByPage and tenderGetById', () => {
  it("lists the supplier's own records, newest activity first, with the server clock", async () => {
    const res = await t.post<TenderRecordPage>('/tender/listByPage', { pageSize: 100 }, k.as(a104));
    expect(res.code).toBe('E000');
    expect(tenderRecordPage.parse(res.data)).toBeTruthy();
    expect(res.data.serverTime).toBe(new Date(t.clock.now).toISOString());
    const times = res.data.records.map((r) => Date.parse(r.updatedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = new Set(
      (
        await t.db.query<{ id: string }>(
          "SELECT r.id::text AS id FROM tender_records r JOIN suppliers s ON s.id = r.supplier_id WHERE s.username = 'demo_a104'",
        )
      ).map((r) => r.id),
    );
    expect(res.data.total).toBe(mine.size);
    expect(res.data.records.every((r) => mine.has(r.id))).toBe(true);
  });

  it('searches tender number and title case-insensitively (% and _ literally), filters by status, pages', async () => {
    const n = await k.notice();
    const record = (await k.signUp(a141, n.id)).data;
    const byNo = await t.post<TenderRecordPage>('/tender/listByPage', { searchContent: n.tenderNo.toLowerCase() }, k.as(a141));
    expect(byNo.data.records.map((r) => r.id)).toEqual([record.id]);
    const byTitle = await t.post<TenderRecordPage>(
      '/tender/listByPage',
      { searchContent: record.title.slice(-6).toUpperCase() },
      k.as(a141),
    );
    expect(byTitle.data.records.map((r) => r.id)).toEqual([record.id]);
    expect((await t.post<TenderRecordPage>('/tender/listByPage', { searchContent: '%' }, k.as(a141))).data.total).toBe(0);
    expect((await t.post<TenderRecordPage>('/tender/listByPage', { searchContent: '_' }, k.as(a141))).data.total).toBe(0);
    // Issuing unit is not searched here.
    expect((await t.post<TenderRecordPage>('/tender/listByPage', { searchContent: '华南纸业' }, k.as(a141))).data.total).toBe(0);
    const won = await t.post<TenderRecordPage>('/tender/listByPage', { status: 'won' }, k.as(a104));
    expect(won.data.records.map((r) => r.status)).toEqual(['won']);
    const paged = await t.post<TenderRecordPage>('/tender/listByPage', { pageNo: 50, pageSize: 10 }, k.as(a104));
    expect(paged.data.records).toEqual([]);
    // A page past the end still counts every record of the supplier.
    const mine = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM tender_records r JOIN suppliers s ON s.id = r.supplier_id WHERE s.username = 'demo_a104'",
    );
    expect(paged.data.total).toBe(mine[0]!.n);
  });

  it('refuses bad list input with E400', async () => {
    for (const body of [
      { status: 'open' },
      { pageSize: 7 },
      { pageNo: 'x' },
      { pageNo: 0 },
      { searchContent: 'x'.repeat(101) },
      { status: 5 },
    ]) {
      expect((await t.post('/tender/listByPage', body, k.as(a104))).code, JSON.stringify(body)).toBe('E400');
    }
  });

  it("answers one record in detail; another supplier's, unknown and malformed ids are E404 dataLost revealing nothing", async () => {
    const list = await t.post<TenderRecordPage>('/tender/listByPage', { status: 'bidSubmitted' }, k.as(a104));
    const id = list.data.records[0]!.id;
    const own = await t.post<TenderRecordDetail>('/tender/getById', { id }, k.as(a104));
    expect(own.code).toBe('E000');
    expect(own.data.bid?.billOfMaterials.url).toContain('/file/download?filePath=');
    for (const probe of [id, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' OR '1'='1"]) {
      const res = await t.post('/tender/getById', { id: probe }, k.as(a141));
      expect(res, probe).toEqual({ code: 'E404', message: 'Data lost', data: null });
    }
    expect((await t.post('/tender/getById', {}, k.as(a104))).data).toEqual([{ field: 'id', message: 'Missing tender record id' }]);
    expect((await t.post('/tender/getById', { id: 'x'.repeat(65) }, k.as(a104))).code).toBe('E400');
    expect((await t.post('/tender/getById', { id: 7 }, k.as(a104))).code).toBe('E400');
  });

  it('publishes the six calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${BASE_PATH}/openapi.json` })).json() as { paths: Record<string, unknown> };
    for (const path of ['signUp', 'listByPage', 'getById', 'payDeposit', 'submitBid', 'applyRefund'])
      expect(Object.keys(doc.paths)).toContain(`${BASE_PATH}/tender/${path}`);
  });
});
