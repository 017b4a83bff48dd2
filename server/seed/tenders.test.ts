import { describe, expect, it } from 'vitest';
import { actionBlock, type TenderRecordDetail, type TenderRecordPage } from '../../contract/schemas/tender';
import { storedFileKind } from '../services/file-kinds';
import { readClaims } from '../../contract/receipt-claims';
import { build } from '../test/helper';
import { receiptChecker } from '../test/receipts';

const t = await build();
const a104 = await t.login('demo_a104');
const a141 = await t.login('demo_a141');
const list = async (token: string) => (await t.post<TenderRecordPage>('/tender/listByPage', { pageSize: 100 }, { token })).data;
const detail = async (id: string, token: string) => (await t.post<TenderRecordDetail>('/tender/getById', { id }, { token })).data;

describe('demo tender records', () => {
  it('gives demo_a104 one record in each state the list shows, and demo_a141 one sign-up', async () => {
    const mine = await list(a104.token);
    expect(mine.records.map((r) => r.status).sort()).toEqual([
      'bidSubmitted',
      'depositConfirmed',
      'depositSubmitted',
      'refundRequested',
      'refunded',
      'signedUp',
      'won',
    ]);
    const byStatus = Object.fromEntries(mine.records.map((r) => [r.status, r]));
    expect(byStatus.won).toMatchObject({ winStatus: 'won', refundStatus: 'notRefundable', depositConfirmed: true });
    expect(byStatus.refundRequested).toMatchObject({ winStatus: 'lost', refundStatus: 'requested' });
    expect(byStatus.refunded).toMatchObject({ winStatus: 'lost', refundStatus: 'refunded', refundVoucher: { name: '保证金退款凭证.pdf' } });
    expect(byStatus.depositSubmitted!.depositAmount).toBe(byStatus.depositSubmitted!.requiredDeposit);
    const theirs = await list(a141.token);
    expect(theirs.records.map((r) => r.status)).toEqual(['signedUp']);
  });

  it('puts open states on notices open for days and results on expired notices; the newcomer may upload its bid', async () => {
    const now = t.clock.now.getTime();
    const records = (await list(a104.token)).records;
    expect(records).toHaveLength(7);
    for (const r of records) {
      const open = ['signedUp', 'depositSubmitted', 'depositConfirmed', 'bidSubmitted'].includes(r.status);
      if (open) expect(Date.parse(r.cutoffTime) - now, r.status).toBeGreaterThan(2 * 86_400_000);
      else expect(Date.parse(r.cutoffTime), r.status).toBeLessThan(now);
      if (r.bidSubmittedAt) expect(Date.parse(r.bidSubmittedAt)).toBeLessThan(Date.parse(r.cutoffTime));
    }
    const confirmed = (await list(a104.token)).records.find((r) => r.status === 'depositConfirmed')!;
    expect(actionBlock('submitBid', confirmed, now)).toBeNull();
    const requested = (await list(a104.token)).records.find((r) => r.status === 'refundRequested')!;
    expect(actionBlock('applyRefund', requested, now)).toBe('refundAlreadyRequested');
  });

  it('stores real files the supplier owns: PDF slips and documents, an .xlsx bill, one group per required certificate', async () => {
    const records = (await list(a104.token)).records;
    const won = await detail(records.find((r) => r.status === 'won')!.id, a104.token);
    expect(won.bid!.certificates.map((c) => c.name)).toEqual(won.requiredCertificates);
    const storage = t.app.services.storage;
    expect(await storedFileKind(storage, won.deposit!.remittanceSlip.path)).toBe('pdf');
    expect(await storedFileKind(storage, won.bid!.billOfMaterials.path)).toBe('xlsx');
    expect(await storedFileKind(storage, won.bid!.bidDocuments[0]!.path)).toBe('pdf');
    const download = await t.app.inject({ method: 'GET', url: won.bid!.billOfMaterials.url, headers: { 'x-access-token': a104.token } });
    expect(download.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: won.bid!.billOfMaterials.url, headers: { 'x-access-token': a141.token } })).json().code,
    ).toBe('E403');
  });

  it('keeps registration counts at least the records of each notice, and the won notice has its result', async () => {
    const rows = await t.db.query<{ registrations: number; records: number }>(
      'SELECT n.registration_count AS registrations, count(r.id)::int AS records FROM notices n JOIN tender_records r ON r.notice_id = n.id GROUP BY n.id',
    );
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.registrations).toBeGreaterThanOrEqual(row.records);
    expect(await t.count('tender_results')).toBe(1);
  });
});

describe('demo receipts', () => {
  it('gives each submission of the demo records its signed receipt, files as stored, as the calls would have', async () => {
    const { checked } = await receiptChecker(t);
    const byStatus = Object.fromEntries((await list(a104.token)).records.map((r) => [r.status, r]));
    const kinds = async (status: string) => (await detail(byStatus[status]!.id, a104.token)).receipts.map((r) => readClaims(r.jws)?.kind);
    expect(await kinds('signedUp')).toEqual([]);
    expect(await kinds('depositSubmitted')).toEqual(['deposit']);
    expect(await kinds('refunded')).toEqual(['deposit', 'bid', 'refund']);
    const submitted = await detail(byStatus.bidSubmitted!.id, a104.token);
    const bid = submitted.bid!;
    const paths: Record<string, string> = {
      'bidDocuments.0': bid.bidDocuments[0]!.path,
      'billOfMaterials.0': bid.billOfMaterials.path,
      ...Object.fromEntries(bid.certificates.map((g, i) => [`certificates.${i}.files.0`, g.files[0]!.path])),
    };
    expect(await checked(submitted.receipts[1]!, paths)).toMatchObject({
      kind: 'bid',
      version: 1,
      recordNo: submitted.tenderNo,
      supplierName: '江苏恒通纸业有限公司',
      receivedAt: bid.submittedAt,
    });
  });
});
