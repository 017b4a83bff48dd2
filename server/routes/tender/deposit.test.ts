import { describe, expect, it } from 'vitest';
import type { TenderRecordDetail } from '../../../contract/schemas/tender';
import { build, oneWriteAmong } from '../../test/helper';
import { BYTES, tenderKit } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
type Fields = Array<{ field: string; message: string }>;
const pay = (body: unknown, s = a104, headers: Record<string, string> = {}) =>
  t.post<TenderRecordDetail & Fields>('/tender/payDeposit', body, k.as(s, headers));
/** Today where it is latest on Earth (UTC+14), by the app's clock. */
const latestToday = (days = 0) => new Date(t.clock.now.getTime() + 14 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

describe('tenderPayDeposit', () => {
  it('records the deposit (awaiting review) with the slip claimed and its link rebuilt', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const slip = await k.upload('回单.png', BYTES.png);
    const res = await pay(
      await k.depositBody(a104, record, { depositType: 'guarantee', paymentDate: latestToday(), remittanceSlip: [slip] }),
    );
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ status: 'depositSubmitted', depositAmount: 5000, depositConfirmed: false, rejectReason: null });
    expect(res.data.deposit).toMatchObject({
      depositType: 'guarantee',
      amount: 5000,
      currency: record.currency,
      paymentDate: latestToday(),
      confirmedAt: null,
      rejectReason: null,
    });
    expect(res.data.deposit!.remittanceSlip).toEqual({
      name: slip.name,
      path: slip.path,
      url: `/bid-web/bid-service/file/download?filePath=${encodeURIComponent(slip.path)}`,
    });
    const owner = await t.db.query<{ owner: string }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      slip.path,
    ]);
    expect(owner[0]!.owner).toBe(a104.supplierId);
  });

  it('refuses a slip that is not an image or a PDF by its content (E415 slipTypeInvalid), however it is named', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const before = await k.counts();
    for (const [name, bytes] of [
      ['凭证.txt', BYTES.text],
      ['凭证.pdf', BYTES.text],
      ['凭证.png', BYTES.xlsx],
      ['凭证.jpg', BYTES.zip],
      ['凭证.png', BYTES.doc],
    ] as const) {
      const res = await pay(await k.depositBody(a104, record, { remittanceSlip: [await k.upload(name, bytes)] }));
      expect(res, name).toMatchObject({
        code: 'E415',
        message: 'The remittance slip must be an image or a PDF',
        data: [{ field: 'remittanceSlip.0' }],
      });
    }
    expect(await k.counts()).toEqual({ ...before, unclaimed: before.unclaimed + 5 });
  });

  it('refuses an amount other than the notice asks for, bad amounts, future payment dates: nothing written', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const before = await k.counts();
    const mismatch = await pay(await k.depositBody(a104, record, { amount: 4999.99 }));
    expect(mismatch).toMatchObject({
      code: 'E400',
      data: [{ field: 'amount', message: 'The deposit must equal the amount the notice requires' }],
    });
    for (const amount of [0, -5000, 5000.001, '5000', null, Number.MAX_VALUE]) {
      const res = await pay(await k.depositBody(a104, record, { amount }));
      expect(res.code, String(amount)).toBe('E400');
      expect(res.data[0]!.field).toBe('amount');
    }
    const future = await pay(await k.depositBody(a104, record, { paymentDate: latestToday(1) }));
    expect(future).toMatchObject({ code: 'E400', data: [{ field: 'paymentDate', message: 'The payment date cannot be in the future' }] });
    for (const paymentDate of ['2026-02-30', '2026/01/01', '', 20260101])
      expect((await pay(await k.depositBody(a104, record, { paymentDate }))).code, String(paymentDate)).toBe('E400');
    expect(await k.counts()).toEqual(before);
  });

  it('refuses missing and malformed fields with their messages', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const body = await k.depositBody(a104, record);
    const before = await k.counts();
    const { tenderRecordId: _id, ...noId } = body;
    expect((await pay(noId)).data).toEqual([{ field: 'tenderRecordId', message: 'Missing tender record id' }]);
    const { supplierCode: _code, ...noCode } = body;
    expect((await pay(noCode)).data).toEqual([{ field: 'supplierCode', message: 'Missing supplier code' }]);
    expect((await pay({ ...body, supplierCode: '  ' })).data).toEqual([{ field: 'supplierCode', message: 'Missing supplier code' }]);
    expect((await pay({ ...body, remittanceSlip: [] })).data).toEqual([{ field: 'remittanceSlip', message: 'This field is required' }]);
    expect((await pay({ ...body, remittanceSlip: [body.remittanceSlip[0], body.remittanceSlip[0]] })).data).toEqual([
      { field: 'remittanceSlip', message: 'Only one file can be uploaded here' },
    ]);
    for (const change of [
      { depositType: 'cash' },
      { depositType: undefined },
      { tenderRecordId: 42 },
      { supplierCode: 'x'.repeat(1_000_000) },
      { remittanceSlip: 'file.pdf' },
      { remittanceSlip: [{ name: 'x' }] },
    ]) {
      expect((await pay({ ...body, ...change })).code, JSON.stringify(change).slice(0, 60)).toBe('E400');
    }
    expect(await k.counts()).toEqual(before);
  });

  it("refuses another supplier's code (E403), record (E404 dataLost) and file (E403); unknown files E400", async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const before = await k.counts();
    expect((await pay(await k.depositBody(a104, record, { supplierCode: a141.supplierCode }))).code).toBe('E403');
    const theirs = await k.depositBody(a141, record);
    expect(await pay(theirs, a141)).toEqual({ code: 'E404', message: 'Data lost', data: null });
    const foreign = await k.upload('别人的.pdf', BYTES.pdf, a141);
    expect((await pay(await k.depositBody(a104, record, { remittanceSlip: [foreign] }))).code).toBe('E403');
    const unknown = { name: 'x.pdf', url: '', path: 'u/2026/01/0123456789abcdef0123456789abcdef.pdf' };
    expect(await pay(await k.depositBody(a104, record, { remittanceSlip: [unknown] }))).toMatchObject({
      code: 'E400',
      data: [{ field: 'remittanceSlip.0.path' }],
    });
    expect((await k.counts()).deposits).toBe(before.deposits);
  });

  it('refuses a stored slip over 50 MB with E413', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const slip = await k.upload('大文件.pdf', BYTES.pdf, a104);
    await t.db.query('UPDATE files SET size = $2 WHERE storage_key = $1', [slip.path, 50 * 1024 * 1024 + 1]);
    expect(await pay(await k.depositBody(a104, record, { remittanceSlip: [slip] }))).toMatchObject({
      code: 'E413',
      data: [{ field: 'remittanceSlip.0' }],
    });
  });

  it('follows the transitions: E409 with the reason from every status but signedUp and depositRejected', async () => {
    const submitted = await k.recordAt(a104, 'depositSubmitted');
    expect(await pay(await k.depositBody(a104, submitted.record))).toMatchObject({
      code: 'E409',
      message: "The deposit was submitted and awaits the buyer's confirmation",
    });
    const confirmed = await k.recordAt(a104, 'depositConfirmed');
    expect(await pay(await k.depositBody(a104, confirmed.record))).toMatchObject({
      code: 'E409',
      message: 'The deposit is already confirmed',
    });
    const bid = await k.recordAt(a104, 'bidSubmitted');
    expect(await pay(await k.depositBody(a104, bid.record))).toMatchObject({ code: 'E409', message: 'The deposit is already confirmed' });
    const free = await k.signUp(a104, (await k.notice({ deposit: 0 })).id);
    expect(await pay(await k.depositBody(a104, free.data))).toMatchObject({ code: 'E409', message: 'The deposit is already confirmed' });
    const seeded = await t.post<{ records: Array<{ id: string; status: string }> }>('/tender/listByPage', { pageSize: 100 }, k.as(a104));
    for (const status of ['won', 'refundRequested', 'refunded']) {
      const record = seeded.data.records.find((r) => r.status === status)!;
      expect((await pay(await k.depositBody(a104, record))).code, status).toBe('E409');
    }
  });

  it('pays again after a rejection: the rejected submission stays as history', async () => {
    const { record } = await k.recordAt(a104, 'depositSubmitted');
    await k.operator('rejectDeposit', { id: record.id, reason: '金额与到账不符' });
    const rejected = await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, k.as(a104));
    expect(rejected.data).toMatchObject({
      status: 'depositRejected',
      rejectReason: '金额与到账不符',
      deposit: { rejectReason: '金额与到账不符' },
    });
    const again = await pay(await k.depositBody(a104, record, { depositType: 'draft' }));
    expect(again.data).toMatchObject({
      status: 'depositSubmitted',
      rejectReason: null,
      deposit: { depositType: 'draft', rejectReason: null },
    });
    const rows = await t.db.query<{ reason: string | null }>(
      'SELECT reject_reason AS reason FROM tender_deposits WHERE record_id = $1 ORDER BY seq',
      [record.id],
    );
    expect(rows.map((r) => r.reason)).toEqual(['金额与到账不符', null]);
  });

  it('refuses after the cut-off with E409 pastDeadline (close-notice or the clock)', async () => {
    const { notice, record } = await k.recordAt(a104, 'signedUp', { hours: 1 });
    const body = await k.depositBody(a104, record);
    await k.operator('closeNotice', { tenderNo: notice.tenderNo });
    expect(await pay(body)).toMatchObject({ code: 'E409', message: 'The current date is past the bid deadline' });
    const later = await k.recordAt(a104, 'signedUp', { hours: 1 });
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3600_000 + 1);
    try {
      expect((await pay(await k.depositBody(a104, later.record))).code).toBe('E409');
    } finally {
      t.clock.now = saved;
    }
  });

  it('applies a repeated Idempotency-Key once; concurrent duplicates give one deposit', async () => {
    const { record } = await k.recordAt(a104, 'signedUp');
    const body = await k.depositBody(a104, record);
    const first = await pay(body, a104, { 'idempotency-key': 'deposit-key-0001' });
    expect(await pay(body, a104, { 'idempotency-key': 'deposit-key-0001' })).toEqual(first);
    // The same body under a new key is a new write, which the transition refuses.
    expect((await pay(body, a104, { 'idempotency-key': 'deposit-key-0002' })).code).toBe('E409');
    const other = await k.recordAt(a104, 'signedUp');
    const otherBody = await k.depositBody(a104, other.record);
    const answers = await Promise.all(Array.from({ length: 4 }, () => pay(otherBody, a104, { 'idempotency-key': 'deposit-concurrent' })));
    expect(oneWriteAmong(answers).data).toMatchObject({ id: other.record.id, status: 'depositSubmitted' });
    const rows = await t.db.query('SELECT id FROM tender_deposits WHERE record_id = $1', [other.record.id]);
    expect(rows).toHaveLength(1);
  });
});
