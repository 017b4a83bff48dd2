import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TenderRecordDetail } from '../../../contract/schemas/tender';
import { build } from '../../test/helper';
import { tenderKit, type Session } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const a104 = await k.session('demo_a104');
const a141 = await k.session('demo_a141');
type Fields = Array<{ field: string; message: string }>;
const refund = (body: unknown, s = a104, headers: Record<string, string> = {}) =>
  t.post<TenderRecordDetail & Fields>('/tender/applyRefund', body, k.as(s, headers));
const get = (id: string, s: Session = a104) => t.post<TenderRecordDetail>('/tender/getById', { id }, k.as(s));

/** A notice a141 wins: a104 lost with its bid and a confirmed deposit. */
async function lostRecord() {
  const { notice, record } = await k.recordAt(a104, 'bidSubmitted');
  const winner = (await k.signUp(a141, notice.id)).data;
  await t.post('/tender/payDeposit', await k.depositBody(a141, winner), k.as(a141));
  await k.operator('confirmDeposit', { id: winner.id });
  await t.post('/tender/submitBid', await k.bidBody(a141, winner), k.as(a141));
  await k.operator('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' });
  return { notice, record: (await get(record.id)).data, winner: (await get(winner.id, a141)).data };
}

describe('tenderApplyRefund', () => {
  it('asks for the deposit back after losing; the buyer refunds with a voucher only the supplier downloads', async () => {
    const { record, winner } = await lostRecord();
    expect(record).toMatchObject({ status: 'lost', winStatus: 'lost', refundStatus: 'refundable', depositConfirmed: true });
    expect(winner).toMatchObject({ status: 'won', winStatus: 'won', refundStatus: 'notRefundable' });
    const res = await refund({ tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: '  请退回至原账户  ' });
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({
      status: 'refundRequested',
      refundStatus: 'requested',
      refundVoucher: null,
      refund: { remark: '请退回至原账户', refundedAt: null, voucher: null },
    });

    const file = join(mkdtempSync(join(tmpdir(), 'voucher-')), '退款凭证.pdf');
    writeFileSync(file, '%PDF-1.4 voucher');
    await k.operator('refundDeposit', { id: record.id, voucher: file });
    const refunded = (await get(record.id)).data;
    expect(refunded).toMatchObject({
      status: 'refunded',
      refundStatus: 'refunded',
      refund: { refundedAt: new Date(t.clock.now).toISOString() },
    });
    expect(refunded.refundVoucher).toEqual(refunded.refund!.voucher);
    const url = refunded.refundVoucher!.url;
    expect((await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': a104.token } })).body).toBe('%PDF-1.4 voucher');
    expect((await t.app.inject({ method: 'GET', url, headers: { 'x-access-token': a141.token } })).json().code).toBe('E403');
    expect((await t.app.inject({ method: 'GET', url })).json().code).toBe('E401');
  });

  it('takes no remark as an empty one; refuses a remark over 500 characters', async () => {
    const { record } = await lostRecord();
    expect((await refund({ tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: 'x'.repeat(501) })).data).toEqual([
      { field: 'remark', message: 'This text is too long' },
    ]);
    const res = await refund({ tenderRecordId: record.id, supplierCode: a104.supplierCode });
    expect(res.data.refund).toMatchObject({ remark: '' });
  });

  it('follows the transitions: E409 with the reason from every other status', async () => {
    const cases: Array<[{ id: string }, string]> = [
      [(await k.recordAt(a104, 'signedUp')).record, 'A refund can be requested once the result is announced and the bid did not win'],
      [(await k.recordAt(a104, 'bidSubmitted')).record, 'A refund can be requested once the result is announced and the bid did not win'],
    ];
    const { winner } = await lostRecord();
    cases.push([winner, "A winner's deposit becomes the performance security and is not refunded"]);
    const seeded = await t.post<{ records: Array<{ id: string; status: string }> }>('/tender/listByPage', { pageSize: 100 }, k.as(a104));
    cases.push([seeded.data.records.find((r) => r.status === 'refundRequested')!, 'The refund was requested and awaits the buyer']);
    cases.push([seeded.data.records.find((r) => r.status === 'refunded')!, 'The deposit was refunded']);
    for (const [record, message] of cases) {
      const owner = record === winner ? a141 : a104;
      expect(await refund({ tenderRecordId: record.id, supplierCode: owner.supplierCode }, owner), message).toMatchObject({
        code: 'E409',
        message,
      });
    }
  });

  it('leaves a lost record nothing but the refund: no deposit, no bid', async () => {
    const { record } = await lostRecord();
    expect(await t.post('/tender/payDeposit', await k.depositBody(a104, record), k.as(a104))).toMatchObject({
      code: 'E409',
      message: 'The deposit is already confirmed',
    });
    expect(await t.post('/tender/submitBid', await k.bidBody(a104, record), k.as(a104))).toMatchObject({
      code: 'E409',
      message: 'Only data in pending state can be operated',
    });
  });

  it('refuses a lost record whose deposit was never confirmed with refundNoDeposit', async () => {
    const { notice, record } = await k.recordAt(a104, 'signedUp');
    const winner = (await k.signUp(a141, notice.id)).data;
    await t.post('/tender/payDeposit', await k.depositBody(a141, winner), k.as(a141));
    await k.operator('confirmDeposit', { id: winner.id });
    await t.post('/tender/submitBid', await k.bidBody(a141, winner), k.as(a141));
    await k.operator('announceResult', { tenderNo: notice.tenderNo, winner: a141.supplierCode });
    expect((await get(record.id)).data).toMatchObject({ status: 'lost', refundStatus: 'none' });
    const before = await k.counts();
    expect(await refund({ tenderRecordId: record.id, supplierCode: a104.supplierCode })).toMatchObject({
      code: 'E409',
      message: 'No deposit was paid, so there is nothing to refund',
    });
    expect(await k.counts()).toEqual(before);
  });

  it("refuses bad input, another supplier's code (E403) and record (E404 dataLost): nothing written", async () => {
    const { record } = await lostRecord();
    const before = await k.counts();
    expect((await refund({ supplierCode: a104.supplierCode })).data).toEqual([
      { field: 'tenderRecordId', message: 'Missing tender record id' },
    ]);
    expect((await refund({ tenderRecordId: record.id })).data).toEqual([{ field: 'supplierCode', message: 'Missing supplier code' }]);
    for (const body of [
      { tenderRecordId: 1, supplierCode: a104.supplierCode },
      { tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: 5 },
      { tenderRecordId: 'x'.repeat(1_000_000), supplierCode: 'y' },
    ]) {
      expect((await refund(body)).code, JSON.stringify(body).slice(0, 60)).toBe('E400');
    }
    expect((await refund({ tenderRecordId: record.id, supplierCode: a141.supplierCode })).code).toBe('E403');
    expect(await refund({ tenderRecordId: record.id, supplierCode: a141.supplierCode }, a141)).toEqual({
      code: 'E404',
      message: 'Data lost',
      data: null,
    });
    expect(await refund({ tenderRecordId: 'not-a-uuid', supplierCode: a104.supplierCode })).toEqual({
      code: 'E404',
      message: 'Data lost',
      data: null,
    });
    expect(await k.counts()).toEqual(before);
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const { record } = await lostRecord();
    const body = { tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: '一次' };
    const before = await t.count('tender_refunds');
    const first = await refund(body, a104, { 'idempotency-key': 'refund-key-0001' });
    expect(first.code).toBe('E000');
    expect(await refund(body, a104, { 'idempotency-key': 'refund-key-0001' })).toEqual(first);
    expect(await t.count('tender_refunds')).toBe(before + 1);
  });
});
