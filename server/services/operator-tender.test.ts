import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TenderRecordDetail } from '../../contract/schemas/tender';
import { OPERATOR_HEADER, OPS_PATH } from '../routes/ops';
import { build } from '../test/helper';
import { tenderKit } from '../test/tenders';

const SECRET = 'test-operator-secret-0123456789';
// A long list cache, so that the test sees the operator endpoint clear it.
const t = await build({ operatorSecret: SECRET, listCacheMs: 600_000 });
const k = tenderKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');

interface OperatorRecord extends TenderRecordDetail {
  supplier: string;
  deposits: Array<{ amount: number; confirmedAt: string | null; rejectedAt: string | null; rejectReason: string | null }>;
}

async function act<T = unknown>(action: string, body: unknown): Promise<{ status: number; result: T; error?: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${OPS_PATH}/${action}`,
    payload: body as object,
    remoteAddress: '127.0.0.1',
    headers: { [OPERATOR_HEADER]: SECRET },
  });
  return { status: res.statusCode, ...(res.json() as { result: T; error?: string }) };
}
const statusOf = async (id: string) =>
  (await t.db.query<{ status: string }>('SELECT status FROM tender_records WHERE id = $1', [id]))[0]!.status;

describe('publish-notice for tenders', () => {
  it('takes a deposit, certificates and hours, and prints the id; two at the same instant get their own numbers', async () => {
    const first = await act<{ id: string; tenderNo: string; cutoffTime: string; depositAmount: number; certificateDocuments: string[] }>(
      'publishNotice',
      {
        type: 'bidding',
        title: '运营发布的保证金招标',
        hours: 2,
        deposit: 1234.5,
        certificates: ['营业执照', 'FSC 森林认证'],
      },
    );
    expect(first.status).toBe(200);
    expect(first.result).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      depositAmount: 1234.5,
      certificateDocuments: ['营业执照', 'FSC 森林认证'],
    });
    expect(Date.parse(first.result.cutoffTime)).toBe(t.clock.now.getTime() + 2 * 3600_000);
    const detail = await t.post<{ depositAmount: number; certificateDocuments: string[] }>('/business/getById', { id: first.result.id });
    expect(detail.data).toMatchObject({ depositAmount: 1234.5, certificateDocuments: ['营业执照', 'FSC 森林认证'] });
    const second = await act<{ tenderNo: string; depositAmount: number; certificateDocuments: string[] }>('publishNotice', {
      type: 'bidding',
      title: '默认保证金',
    });
    expect(second.result.tenderNo).not.toBe(first.result.tenderNo);
    expect(second.result).toMatchObject({ depositAmount: 1000, certificateDocuments: ['营业执照'] });
    for (const bad of [{ days: 3, hours: 3 }, { deposit: -1 }, { deposit: 1.005 }, { deposit: 'lots' }, { certificates: [''] }]) {
      expect((await act('publishNotice', { type: 'bidding', title: 'x', ...bad })).status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('deposit review', () => {
  it('confirms a submitted deposit, and refuses other statuses and unknown ids', async () => {
    const { record } = await k.recordAt(a104, 'depositSubmitted');
    const res = await act<OperatorRecord>('confirmDeposit', { id: record.id });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({
      supplier: 'demo_a104',
      status: 'depositConfirmed',
      depositConfirmed: true,
      deposits: [{ amount: 5000, rejectedAt: null }],
    });
    expect(res.result.deposits[0]!.confirmedAt).toBe(new Date(t.clock.now).toISOString());
    expect(await act('confirmDeposit', { id: record.id })).toMatchObject({
      status: 400,
      error: `tender record ${record.id} is depositConfirmed, not depositSubmitted`,
    });
    expect((await act('confirmDeposit', { id: '00000000-0000-0000-0000-000000000000' })).error).toContain('no tender record');
    expect((await act('confirmDeposit', { id: 'nonsense' })).error).toContain('no tender record');
    expect((await act('confirmDeposit', {})).status).toBe(400);
  });

  it('rejects with a reason the supplier reads, keeping the submission as history', async () => {
    const { record } = await k.recordAt(a104, 'depositSubmitted');
    expect((await act('rejectDeposit', { id: record.id })).status).toBe(400);
    expect((await act('rejectDeposit', { id: record.id, reason: '  ' })).status).toBe(400);
    const res = await act<OperatorRecord>('rejectDeposit', { id: record.id, reason: '未收到款项' });
    expect(res.result).toMatchObject({ status: 'depositRejected', rejectReason: '未收到款项', deposits: [{ rejectReason: '未收到款项' }] });
    expect((await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, k.as(a104))).data.rejectReason).toBe('未收到款项');
    expect((await act('rejectDeposit', { id: record.id, reason: 'again' })).error).toContain('is depositRejected');
  });
});

describe('announce-result', () => {
  it('closes an open notice, makes the winner won and every other record lost', async () => {
    const { notice, record } = await k.recordAt(a141, 'bidSubmitted');
    const other = (await k.signUp(a104, notice.id)).data;
    const results = await t.count('tender_results');
    // The public list (cached for 10 minutes here) shows the notice open.
    const search = { bindOrPurchase: 0, searchContent: notice.tenderNo };
    expect((await t.post<{ records: Array<{ cutoffTime: string }> }>('/business/listByPage', search)).data.records[0]!.cutoffTime).toBe(
      notice.cutoffTime,
    );
    const res = await act<{ winner: string; cutoffTime: string; records: OperatorRecord[] }>('announceResult', {
      tenderNo: notice.tenderNo,
      winner: a141.supplierCode,
    });
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ winner: 'demo_a141', cutoffTime: new Date(t.clock.now).toISOString() });
    expect(res.result.records.map((r) => `${r.supplier} ${r.status}`).sort()).toEqual(['demo_a104 lost', 'demo_a141 won']);
    expect(await statusOf(record.id)).toBe('won');
    expect(await statusOf(other.id)).toBe('lost');
    expect((await t.post<{ records: Array<{ cutoffTime: string }> }>('/business/listByPage', search)).data.records[0]!.cutoffTime).toBe(
      new Date(t.clock.now).toISOString(),
    );
    expect(await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' })).toMatchObject({
      status: 400,
      error: `the result of ${notice.tenderNo} was announced already`,
    });
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a104' })).error).toContain('announced already');
    expect(await t.count('tender_results')).toBe(results + 1); // one row, however many the refused repeats
  });

  it('refuses a winner without a submitted bid, a supplier who did not sign up, deposits awaiting review and unknown names', async () => {
    const { notice, record } = await k.recordAt(a104, 'depositConfirmed');
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a104' })).error).toBe(
      `demo_a104's record of ${notice.tenderNo} is depositConfirmed, not bidSubmitted`,
    );
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' })).error).toBe(
      `demo_a141 did not sign up for ${notice.tenderNo}`,
    );
    const waiting = (await k.signUp(a141, notice.id)).data;
    await t.post('/tender/payDeposit', await k.depositBody(a141, waiting), k.as(a141));
    await t.post('/tender/submitBid', await k.bidBody(a104, record), k.as(a104));
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a104' })).error).toContain(
      `deposits of ${notice.tenderNo} await review`,
    );
    expect((await act('announceResult', { tenderNo: 'ZB-NONE', winner: 'demo_a104' })).error).toBe(
      'no notice with tender number "ZB-NONE"',
    );
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'nobody' })).error).toContain('no supplier');
    expect(await statusOf(record.id)).toBe('bidSubmitted');
    const cutoff = (await t.db.query<{ c: Date }>('SELECT cutoff_time AS c FROM notices WHERE id = $1', [notice.id]))[0]!.c;
    expect(new Date(cutoff).getTime()).toBeGreaterThan(t.clock.now.getTime());
  });
});

describe('refund-deposit', () => {
  it('refuses a record that did not ask for a refund, and a missing voucher file, writing nothing', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const file = join(mkdtempSync(join(tmpdir(), 'voucher-')), 'v.pdf');
    writeFileSync(file, 'voucher');
    const files = await t.count('files');
    expect((await act('refundDeposit', { id: record.id, voucher: file })).error).toBe(
      `tender record ${record.id} is depositConfirmed, not refundRequested`,
    );
    const seeded = await act<OperatorRecord[]>('listTenderRecords', { supplier: 'demo_a104' });
    const requested = seeded.result.find((r) => r.status === 'refundRequested')!;
    expect((await act('refundDeposit', { id: requested.id, voucher: '/no/such/voucher.pdf' })).error).toBe(
      'no such file: /no/such/voucher.pdf',
    );
    expect(await statusOf(requested.id)).toBe('refundRequested');
    expect(await t.count('files')).toBe(files);
    const done = await act<OperatorRecord>('refundDeposit', { id: requested.id, voucher: file });
    expect(done.result).toMatchObject({ status: 'refunded', refundStatus: 'refunded', refundVoucher: { name: 'v.pdf' } });
    const owner = await t.db.query<{ owner: string }>('SELECT owner_supplier_id::text AS owner FROM files WHERE storage_key = $1', [
      done.result.refundVoucher!.path,
    ]);
    expect(owner[0]!.owner).toBe(a104.supplierId);
  });
});

describe('close-notice and list-tender-records', () => {
  it('sets the cut-off time to now (once), so supplier writes meet pastDeadline', async () => {
    const { notice, record } = await k.recordAt(a104, 'signedUp');
    const res = await act<{ tenderNo: string; cutoffTime: string }>('closeNotice', { tenderNo: notice.tenderNo });
    expect(res.result).toMatchObject({ tenderNo: notice.tenderNo, cutoffTime: new Date(t.clock.now).toISOString() });
    expect((await act('closeNotice', { tenderNo: notice.tenderNo })).error).toContain('closed already');
    expect((await act('closeNotice', { tenderNo: 'nope' })).status).toBe(400);
    expect((await t.post('/tender/payDeposit', await k.depositBody(a104, record), k.as(a104))).code).toBe('E409');
    expect((await t.post<TenderRecordDetail>('/tender/getById', { id: record.id }, k.as(a104))).data.cutoffTime).toBe(
      new Date(t.clock.now).toISOString(),
    );
  });

  it('lists records by supplier and by notice, with the deposit history', async () => {
    const seeded = await act<OperatorRecord[]>('listTenderRecords', { supplier: 'demo_a141' });
    expect(seeded.result[0]).toMatchObject({ supplier: 'demo_a141', status: 'signedUp', deposits: [] });
    const { notice } = await k.recordAt(a104, 'depositSubmitted');
    const byNotice = await act<OperatorRecord[]>('listTenderRecords', { tenderNo: notice.tenderNo });
    expect(byNotice.result.map((r) => [r.supplier, r.status])).toEqual([['demo_a104', 'depositSubmitted']]);
    expect(
      (await act<OperatorRecord[]>('listTenderRecords', { supplier: a104.supplierCode, tenderNo: notice.tenderNo })).result,
    ).toHaveLength(1);
    expect((await act<OperatorRecord[]>('listTenderRecords', {})).result.length).toBeGreaterThanOrEqual(9);
    expect((await act('listTenderRecords', { supplier: 'nobody' })).status).toBe(400);
    expect((await act('listTenderRecords', { tenderNo: 'nope' })).status).toBe(400);
  });
});

describe('messages of the buyer’s tender actions', () => {
  const messagesOf = (refId: string) =>
    t.db.query<{ kind: string; supplier: string; number: string; name: string; deadline: Date | null; note: string }>(
      'SELECT kind, supplier_id::text AS supplier, number, name, deadline, note FROM supplier_messages WHERE ref_id = $1 ORDER BY id',
      [refId],
    );

  it('confirm, reject (with the reason) and refund each write one message to the record’s supplier; a refused repeat writes none', async () => {
    const { notice, record } = await k.recordAt(a104, 'depositSubmitted');
    expect(await messagesOf(record.id)).toEqual([]);
    await act('rejectDeposit', { id: record.id, reason: '汇款金额不符' });
    expect((await act('rejectDeposit', { id: record.id, reason: 'again' })).status).toBe(400);
    await t.post('/tender/payDeposit', await k.depositBody(a104, record), k.as(a104));
    await act('confirmDeposit', { id: record.id });
    expect((await act('confirmDeposit', { id: record.id })).status).toBe(400);
    expect(await messagesOf(record.id)).toEqual([
      {
        kind: 'depositRejected',
        supplier: a104.supplierId,
        number: notice.tenderNo,
        name: record.title,
        deadline: new Date(notice.cutoffTime),
        note: '汇款金额不符',
      },
      {
        kind: 'depositConfirmed',
        supplier: a104.supplierId,
        number: notice.tenderNo,
        name: record.title,
        deadline: new Date(notice.cutoffTime),
        note: '',
      },
    ]);
    // demo_a141 wins, so demo_a104's record lost with a confirmed deposit and may ask for it back.
    const winner = (await k.signUp(a141, notice.id)).data;
    await t.post('/tender/payDeposit', await k.depositBody(a141, winner), k.as(a141));
    await act('confirmDeposit', { id: winner.id });
    const withDeposit = (await t.post<TenderRecordDetail>('/tender/getById', { id: winner.id }, k.as(a141))).data;
    expect((await t.post('/tender/submitBid', await k.bidBody(a141, withDeposit), k.as(a141))).code).toBe('E000');
    await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' });
    expect((await t.post('/tender/applyRefund', { tenderRecordId: record.id, supplierCode: a104.supplierCode }, k.as(a104))).code).toBe(
      'E000',
    );
    const file = join(mkdtempSync(join(tmpdir(), 'voucher-')), 'v.pdf');
    writeFileSync(file, 'voucher');
    await act('refundDeposit', { id: record.id, voucher: file });
    expect((await act('refundDeposit', { id: record.id, voucher: file })).status).toBe(400);
    expect((await messagesOf(record.id)).map((m) => [m.kind, m.note])).toEqual([
      ['depositRejected', '汇款金额不符'],
      ['depositConfirmed', ''],
      ['resultAnnounced', 'lost'],
      ['depositRefunded', ''],
    ]);
  });

  it('announce-result writes each record it moves its result, once', async () => {
    const { notice, record } = await k.recordAt(a141, 'bidSubmitted');
    const other = (await k.signUp(a104, notice.id)).data;
    await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' });
    expect((await act('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' })).status).toBe(400);
    expect((await messagesOf(record.id)).filter((m) => m.kind === 'resultAnnounced')).toEqual([
      expect.objectContaining({ supplier: a141.supplierId, note: 'won' }),
    ]);
    expect((await messagesOf(other.id)).filter((m) => m.kind === 'resultAnnounced')).toEqual([
      expect.objectContaining({ supplier: a104.supplierId, note: 'lost' }),
    ]);
  });
});
