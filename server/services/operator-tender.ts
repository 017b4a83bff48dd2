import { z } from 'zod';
import type { TenderStatus } from '../../contract/schemas/tender';
import type { Queryable } from '../db/db';
import { findNoticeByTenderNo, setCutoffTime } from '../db/notice-repo';
import { findSupplierByHandle, listSuppliers } from '../db/supplier-repo';
import { bidsOf, depositsOf, findRecord, listRecordsOf, type TenderRecord } from '../db/tender-repo';
import { announceResult as recordResult, markRefunded, reviewDeposit } from '../db/tender-writes';
import { storeLocalFile } from './operator-communication';
import { OperatorError, type OperatorContext } from './operator-errors';

const handle = z.string().trim().min(1).max(64);
const tenderNo = z.string().trim().min(1).max(64);

export const tenderInputs = {
  listTenderRecords: z.object({ supplier: handle.optional(), tenderNo: tenderNo.optional() }),
  confirmDeposit: z.object({ id: handle }),
  rejectDeposit: z.object({ id: handle, reason: z.string().trim().min(1).max(500) }),
  announceResult: z.object({ tenderNo, winner: handle }),
  /** A file on the operator's machine, stored as the supplier's (only it downloads the voucher). */
  refundDeposit: z.object({ id: handle, voucher: z.string().min(1).max(4096) }),
  closeNotice: z.object({ tenderNo }),
};

/**
 * A record as the operator sees it: who, every deposit submission (rejected ones too), the bid
 * that stands and every version of it (superseded and withdrawn ones with their files), refund.
 */
async function operatorView(db: Queryable, record: TenderRecord, usernames: Map<string, string>) {
  const { bidVersions: _listed, ...detail } = record.detail;
  return {
    supplier: usernames.get(record.supplierId) ?? record.supplierId,
    ...detail,
    deposits: await depositsOf(db, record.detail.id),
    bids: await bidsOf(db, record.detail.id),
  };
}

const usernamesOf = async (db: Queryable) => new Map((await listSuppliers(db)).map((s) => [s.supplierId, s.username]));

async function views(db: Queryable, records: TenderRecord[]) {
  const usernames = await usernamesOf(db);
  const out = [];
  for (const record of records) out.push(await operatorView(db, record, usernames));
  return out;
}

async function noticeNamed(db: Queryable, no: string, lock = false) {
  const notice = await findNoticeByTenderNo(db, no, lock);
  if (!notice) throw new OperatorError(`no notice with tender number "${no}"`);
  return notice;
}

/** The record `id`, locked, in one of the statuses `from`. */
async function recordIn(db: Queryable, id: string, from: TenderStatus): Promise<TenderRecord> {
  const record = await findRecord(db, id, true);
  if (!record) throw new OperatorError(`no tender record with id "${id}"`);
  if (record.detail.status !== from) throw new OperatorError(`tender record ${id} is ${record.detail.status}, not ${from}`);
  return record;
}

export async function listTenderRecords(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.listTenderRecords.parse(raw);
  let supplierId: string | undefined;
  if (input.supplier) {
    const found = await findSupplierByHandle(ctx.db, input.supplier);
    if (!found) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
    supplierId = found.supplier.supplierId;
  }
  const noticeId = input.tenderNo ? (await noticeNamed(ctx.db, input.tenderNo)).id : undefined;
  return views(ctx.db, await listRecordsOf(ctx.db, { supplierId, noticeId }));
}

/** The buyer saw the money arrive: depositSubmitted -> depositConfirmed. */
export async function confirmDeposit(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.confirmDeposit.parse(raw);
  const id = await ctx.db.transaction(async (tx) => {
    const record = await recordIn(tx, input.id, 'depositSubmitted');
    await reviewDeposit(tx, record.detail.id, { confirmed: true }, ctx.now);
    return record.detail.id;
  });
  return (await views(ctx.db, [(await findRecord(ctx.db, id))!]))[0];
}

/** depositSubmitted -> depositRejected; the supplier reads the reason and may pay again. */
export async function rejectDeposit(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.rejectDeposit.parse(raw);
  const id = await ctx.db.transaction(async (tx) => {
    const record = await recordIn(tx, input.id, 'depositSubmitted');
    await reviewDeposit(tx, record.detail.id, { confirmed: false, reason: input.reason }, ctx.now);
    return record.detail.id;
  });
  return (await views(ctx.db, [(await findRecord(ctx.db, id))!]))[0];
}

/** refundRequested -> refunded, with the bank's voucher as a file of the supplier's. */
export async function refundDeposit(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.refundDeposit.parse(raw);
  const id = await ctx.db.transaction(async (tx) => {
    const record = await recordIn(tx, input.id, 'refundRequested');
    const voucher = await storeLocalFile(tx, ctx.storage, input.voucher, record.supplierId, ctx.now);
    await markRefunded(tx, record.detail.id, voucher, ctx.now);
    return record.detail.id;
  });
  return (await views(ctx.db, [(await findRecord(ctx.db, id))!]))[0];
}

/** Sets the cut-off time to now: nobody signs up, pays or bids after it. */
export async function closeNotice(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.closeNotice.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const notice = await noticeNamed(tx, input.tenderNo, true);
    if (Date.parse(notice.cutoffTime) <= ctx.now.getTime())
      throw new OperatorError(`notice ${notice.tenderNo} closed already at ${notice.cutoffTime}`);
    await setCutoffTime(tx, notice.id, ctx.now);
    return { id: notice.id, tenderNo: notice.tenderNo, title: notice.title, cutoffTime: ctx.now.toISOString() };
  });
}

/**
 * The winner's record (bid submitted) is won, every other record of the notice lost; a notice
 * still open is closed now. Refused while a deposit of the notice awaits review: a lost record
 * is refundable only with a confirmed deposit, so the review comes first.
 */
export async function announceResult(ctx: OperatorContext, raw: unknown) {
  const input = tenderInputs.announceResult.parse(raw);
  const winner = await findSupplierByHandle(ctx.db, input.winner);
  if (!winner) throw new OperatorError(`no supplier with username or code "${input.winner}"`);
  const noticeId = await ctx.db.transaction(async (tx) => {
    const notice = await noticeNamed(tx, input.tenderNo, true);
    await tx.query('SELECT id FROM tender_records WHERE notice_id = $1 FOR UPDATE', [notice.id]);
    const records = await listRecordsOf(tx, { noticeId: notice.id });
    const winning = records.find((r) => r.supplierId === winner.supplier.supplierId);
    if (!winning) throw new OperatorError(`${input.winner} did not sign up for ${notice.tenderNo}`);
    const waiting = records.filter((r) => r.detail.status === 'depositSubmitted').map((r) => r.detail.id);
    if (waiting.length)
      throw new OperatorError(
        `deposits of ${notice.tenderNo} await review (confirm-deposit or reject-deposit first): ${waiting.join(', ')}`,
      );
    if (winning.detail.status !== 'bidSubmitted') {
      const announced = ['won', 'lost', 'refundRequested', 'refunded'].includes(winning.detail.status);
      throw new OperatorError(
        announced
          ? `the result of ${notice.tenderNo} was announced already`
          : `${input.winner}'s record of ${notice.tenderNo} is ${winning.detail.status}, not bidSubmitted`,
      );
    }
    if (Date.parse(notice.cutoffTime) > ctx.now.getTime()) await setCutoffTime(tx, notice.id, ctx.now);
    if (!(await recordResult(tx, notice.id, winning.detail.id, ctx.now)))
      throw new OperatorError(`the result of ${notice.tenderNo} was announced already`);
    return notice.id;
  });
  const notice = (await findNoticeByTenderNo(ctx.db, input.tenderNo))!;
  return {
    tenderNo: notice.tenderNo,
    title: notice.title,
    cutoffTime: notice.cutoffTime,
    winner: winner.supplier.username,
    records: await views(ctx.db, await listRecordsOf(ctx.db, { noticeId })),
  };
}
