import { describe, expect, it } from 'vitest';
import type { FileRef } from '../../../contract/schemas/common';
import { readClaims } from '../../../contract/receipt-claims';
import type { TenderRecordDetail } from '../../../contract/schemas/tender';
import { build } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';
import { tenderKit } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const { checked } = await receiptChecker(t);
const a104 = await k.session('demo_a104');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.post<TenderRecordDetail>(path, body, k.as(a104, headers));
const pathsOf = (fields: Record<string, FileRef[]>) =>
  Object.fromEntries(Object.entries(fields).flatMap(([field, refs]) => refs.map((ref, i) => [`${field}.${i}`, ref.path])));

describe('receipts of tender writes', () => {
  it('a deposit: signed, with the record, its number, the supplier, the service time and the slip as stored', async () => {
    const { notice, record } = await k.recordAt(a104, 'signedUp');
    const body = await k.depositBody(a104, record);
    const res = await post('/tender/payDeposit', body);
    expect(res.code).toBe('E000');
    expect(res.data.receipts).toHaveLength(1);
    const [receipt] = res.data.receipts;
    expect(receipt!.files).toMatchObject([{ field: 'remittanceSlip.0', name: '汇款凭证.pdf' }]);
    expect(await checked(receipt!, pathsOf({ remittanceSlip: body.remittanceSlip }))).toMatchObject({
      v: 1,
      kind: 'deposit',
      recordId: record.id,
      recordNo: notice.tenderNo,
      supplierId: a104.supplierId,
      supplierName: '江苏恒通纸业有限公司',
      receivedAt: new Date(t.clock.now).toISOString(),
      fileCount: 1,
    });
  });

  it('a bid: every file of it, by the field it was sent in; the record keeps the receipts in order', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const body = await k.bidBody(a104, record);
    const res = await post('/tender/submitBid', body);
    expect(res.code).toBe('E000');
    expect(res.data.receipts.map((r) => readClaims(r.jws)?.kind)).toEqual(['deposit', 'bid']);
    const bid = res.data.receipts[1]!;
    const paths = pathsOf({
      bidDocuments: body.bidDocuments,
      'certificates.0.files': body.certificates[0]!.files,
      'certificates.1.files': body.certificates[1]!.files,
      billOfMaterials: body.billOfMaterials,
    });
    expect(bid.files.map((f) => f.field)).toEqual([
      'bidDocuments.0',
      'certificates.0.files.0',
      'certificates.1.files.0',
      'billOfMaterials.0',
    ]);
    expect(await checked(bid, paths)).toMatchObject({ kind: 'bid', recordId: record.id, fileCount: 4 });
    expect((await post('/tender/getById', { id: record.id })).data.receipts).toEqual(res.data.receipts);
  });

  it('a refund request: a receipt without files', async () => {
    const { notice, record } = await k.recordAt(a104, 'bidSubmitted');
    const a141 = await k.session('demo_a141');
    const winner = (await k.signUp(a141, notice.id)).data;
    await t.post('/tender/payDeposit', await k.depositBody(a141, winner), k.as(a141));
    await k.operator('confirmDeposit', { id: winner.id });
    await t.post('/tender/submitBid', await k.bidBody(a141, winner), k.as(a141));
    await k.operator('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a141' });
    const res = await post('/tender/applyRefund', { tenderRecordId: record.id, supplierCode: a104.supplierCode, remark: '请退还' });
    expect(res.code).toBe('E000');
    expect(await checked(res.data.receipts.at(-1)!)).toMatchObject({ kind: 'refund', fileCount: 0 });
  });

  it('one receipt for a write applied once, none for a write refused', async () => {
    const { record } = await k.recordAt(a104, 'depositConfirmed');
    const before = await t.count('receipts');
    const refused = await post('/tender/submitBid', await k.bidBody(a104, record, { billOfMaterials: [] }));
    expect(refused.code).toBe('E400');
    expect(await t.count('receipts')).toBe(before);
    const body = await k.bidBody(a104, record);
    const first = await post('/tender/submitBid', body, { 'idempotency-key': 'receipt-bid-0001' });
    expect(await post('/tender/submitBid', body, { 'idempotency-key': 'receipt-bid-0001' })).toEqual(first);
    expect(await t.count('receipts')).toBe(before + 1);
  });
});
