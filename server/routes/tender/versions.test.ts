import { describe, expect, it } from 'vitest';
import { readClaims } from '../../../contract/receipt-claims';
import type { TenderRecordDetail, TenderRecordPage } from '../../../contract/schemas/tender';
import { build } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';
import { BYTES, tenderKit } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const { checked } = await receiptChecker(t);
const a104 = await k.session('demo_a104');
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.post<TenderRecordDetail>(path, body, k.as(a104, headers));
const get = async (id: string) => (await post('/tender/getById', { id })).data;
const withdrawBody = (record: { id: string }, version: number) => ({ tenderRecordId: record.id, supplierCode: a104.supplierCode, version });
const counts = async () => ({ bids: await t.count('tender_bids'), receipts: await t.count('receipts') });

describe('bid versions', () => {
  it('replaces the bid before the cut-off: a new version stands, the earlier one is kept superseded, with a receipt of its own', async () => {
    const { record } = await k.recordAt(a104, 'bidSubmitted');
    const first = record.bid!;
    expect(first.version).toBe(1);
    const body = { ...(await k.bidBody(a104, record)), version: 1 };
    body.bidDocuments = [await k.upload('投标文件-修订.pdf', BYTES.pdf, a104)];
    const res = await post('/tender/replaceBid', body);
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ status: 'bidSubmitted', bid: { version: 2, bidDocuments: [{ name: '投标文件-修订.pdf' }] } });
    const at = new Date(t.clock.now).toISOString();
    expect(res.data.bidVersions).toEqual([
      { version: 1, submittedAt: first.submittedAt, status: 'superseded', closedAt: at },
      { version: 2, submittedAt: at, status: 'standing', closedAt: null },
    ]);
    const receipt = res.data.receipts.at(-1)!;
    expect(await checked(receipt, { 'bidDocuments.0': body.bidDocuments[0]!.path, ...pathsOf(body) })).toMatchObject({
      kind: 'bid',
      version: 2,
      recordId: record.id,
    });
    // The buyer sees both versions with their files; the one that stands is the record's bid.
    const [view] = await k.operator<Array<{ bids: Array<{ version: number; status: string; bidDocuments: unknown[] }> }>>(
      'listTenderRecords',
      { supplier: 'demo_a104', tenderNo: record.tenderNo },
    );
    expect(view!.bids.map((b) => [b.version, b.status])).toEqual([
      [1, 'superseded'],
      [2, 'standing'],
    ]);
    expect(view!.bids[0]!.bidDocuments).toEqual(first.bidDocuments);
  });

  it('withdraws the bid before the cut-off: kept as withdrawn, the record takes a new bid, which is the next version', async () => {
    const { record } = await k.recordAt(a104, 'bidSubmitted');
    const res = await post('/tender/withdrawBid', withdrawBody(record, 1));
    expect(res.code).toBe('E000');
    expect(res.data).toMatchObject({ status: 'depositConfirmed', bid: null });
    expect(res.data.bidVersions.map((v) => v.status)).toEqual(['withdrawn']);
    expect(await checked(res.data.receipts.at(-1)!)).toMatchObject({ kind: 'bidWithdrawal', version: 1, fileCount: 0 });
    const again = await post('/tender/submitBid', await k.bidBody(a104, res.data));
    expect(again.code).toBe('E000');
    expect(again.data.bid!.version).toBe(2);
    expect(again.data.bidVersions.map((v) => [v.version, v.status])).toEqual([
      [1, 'withdrawn'],
      [2, 'standing'],
    ]);
    expect(again.data.receipts.map((r) => readClaims(r.jws)?.kind)).toEqual(['deposit', 'bid', 'bidWithdrawal', 'bid']);
  });

  it('refuses a replacement or a withdrawal of a version that no longer stands, and either without a bid: nothing written', async () => {
    const { record } = await k.recordAt(a104, 'bidSubmitted');
    await post('/tender/replaceBid', { ...(await k.bidBody(a104, record)), version: 1 });
    const before = await counts();
    // Written while version 1 stood, sent after version 2 replaced it (an outbox that waited).
    const stale = await post('/tender/replaceBid', { ...(await k.bidBody(a104, record)), version: 1 });
    expect(stale).toMatchObject({ code: 'E409', message: expect.stringContaining('The bid changed since this was written') });
    expect((await post('/tender/withdrawBid', withdrawBody(record, 1))).code).toBe('E409');
    expect(await counts()).toEqual(before);
    expect((await get(record.id)).bid!.version).toBe(2);
    const confirmed = (await k.recordAt(a104, 'depositConfirmed')).record;
    for (const [path, body] of [
      ['/tender/withdrawBid', withdrawBody(confirmed, 1)],
      ['/tender/replaceBid', { ...(await k.bidBody(a104, confirmed)), version: 1 }],
    ] as const)
      expect(await post(path, body)).toMatchObject({ code: 'E409', message: 'There is no submitted bid to replace or withdraw' });
  });

  it('refuses both after the cut-off (the service clock): the bid that stands is the last one received in time, and the result goes by it', async () => {
    const { notice, record } = await k.recordAt(a104, 'bidSubmitted');
    await post('/tender/replaceBid', { ...(await k.bidBody(a104, record)), version: 1 });
    // The buyer closes the notice now: its cut-off is the service's clock.
    await k.operator('closeNotice', { tenderNo: notice.tenderNo });
    const before = await counts();
    const late = { ...(await k.bidBody(a104, record)), version: 2 };
    expect(await post('/tender/replaceBid', late)).toMatchObject({ code: 'E409', message: 'The current date is past the bid deadline' });
    expect(await post('/tender/withdrawBid', withdrawBody(record, 2))).toMatchObject({
      code: 'E409',
      message: 'The current date is past the bid deadline',
    });
    expect(await counts()).toEqual(before);
    await k.operator('announceResult', { tenderNo: notice.tenderNo, winner: 'demo_a104' });
    expect(await get(record.id)).toMatchObject({ status: 'won', bid: { version: 2 } });
  });

  it("names the standing version in the list's summaries too (what a replacement or a withdrawal from the list names): none after a withdrawal", async () => {
    const { record } = await k.recordAt(a104, 'bidSubmitted');
    const row = async () => {
      const page = await t.post<TenderRecordPage>('/tender/listByPage', { pageSize: 100, searchContent: record.tenderNo }, k.as(a104));
      return page.data.records.find((r) => r.id === record.id)!;
    };
    expect((await row()).bidVersion).toBe(1);
    expect((await get(record.id)).bidVersion).toBe(1);
    await post('/tender/replaceBid', { ...(await k.bidBody(a104, record)), version: 1 });
    expect((await row()).bidVersion).toBe(2);
    await post('/tender/withdrawBid', withdrawBody(record, 2));
    expect(await row()).toMatchObject({ status: 'depositConfirmed', bidVersion: null });
    expect((await get(record.id)).bidVersion).toBeNull();
  });

  it('applies a repeated replacement once (Idempotency-Key)', async () => {
    const { record } = await k.recordAt(a104, 'bidSubmitted');
    const body = { ...(await k.bidBody(a104, record)), version: 1 };
    const first = await post('/tender/replaceBid', body, { 'idempotency-key': 'replace-bid-0001' });
    expect(await post('/tender/replaceBid', body, { 'idempotency-key': 'replace-bid-0001' })).toEqual(first);
    expect((await get(record.id)).bidVersions).toHaveLength(2);
  });
});

/** The stored key of each file of a bid body, by the field the receipt names it with. */
function pathsOf(body: Awaited<ReturnType<typeof k.bidBody>>): Record<string, string> {
  const paths: Record<string, string> = {};
  body.bidDocuments.forEach((f, i) => (paths[`bidDocuments.${i}`] = f.path));
  body.certificates.forEach((g, i) => g.files.forEach((f, j) => (paths[`certificates.${i}.files.${j}`] = f.path)));
  body.billOfMaterials.forEach((f, i) => (paths[`billOfMaterials.${i}`] = f.path));
  return paths;
}
