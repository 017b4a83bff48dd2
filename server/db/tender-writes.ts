import type { FileRef } from '../../contract/schemas/common';
import type { BidDetail, DepositType, TenderStatus } from '../../contract/schemas/tender';
import type { Queryable } from './db';
import { messageTenderRecords } from './message-repo';

/**
 * Writes of tender records (migration 005). Callers hold the record row locked (findRecord with
 * `lock`) and have checked the transition against TENDER_TRANSITIONS; these only write. The
 * buyer's changes write the supplier's message with them (message-repo.ts), in the same
 * transaction.
 */

/**
 * Signs a supplier up for a notice, once: a second sign-up (even a concurrent one) finds the
 * existing row, and only the first raises the notice's registration count.
 */
export async function signUpRecord(
  db: Queryable,
  r: { supplierId: string; noticeId: string; status: TenderStatus },
  now: Date,
): Promise<{ id: string; created: boolean }> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO tender_records (supplier_id, notice_id, status, signed_up_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     ON CONFLICT (supplier_id, notice_id) DO NOTHING RETURNING id::text AS id`,
    [r.supplierId, r.noticeId, r.status, now],
  );
  if (inserted[0]) {
    await db.query('UPDATE notices SET registration_count = registration_count + 1 WHERE id = $1', [r.noticeId]);
    return { id: inserted[0].id, created: true };
  }
  const existing = await db.query<{ id: string }>('SELECT id::text AS id FROM tender_records WHERE supplier_id = $1 AND notice_id = $2', [
    r.supplierId,
    r.noticeId,
  ]);
  return { id: existing[0]!.id, created: false };
}

/** The record of a supplier for a notice, if it signed up. */
export async function findRecordIdOf(db: Queryable, supplierId: string, noticeId: string): Promise<string | null> {
  const rows = await db.query<{ id: string }>('SELECT id::text AS id FROM tender_records WHERE supplier_id = $1 AND notice_id = $2', [
    supplierId,
    noticeId,
  ]);
  return rows[0]?.id ?? null;
}

export async function setRecordStatus(db: Queryable, id: string, status: TenderStatus, now: Date): Promise<void> {
  await db.query('UPDATE tender_records SET status = $2, updated_at = $3 WHERE id = $1', [id, status, now]);
}

export interface NewDeposit {
  depositType: DepositType;
  amount: number;
  currency: string;
  paymentDate: string;
  remittanceSlip: FileRef;
}

/** A new deposit submission, which becomes the current one; the record awaits the buyer. */
export async function insertDeposit(db: Queryable, recordId: string, d: NewDeposit, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO tender_deposits (record_id, deposit_type, amount, currency, payment_date, remittance_slip, submitted_at)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7)`,
    [recordId, d.depositType, d.amount, d.currency, d.paymentDate, JSON.stringify(d.remittanceSlip), now],
  );
  await setRecordStatus(db, recordId, 'depositSubmitted', now);
}

/** The buyer's answer to the current deposit submission (the one not rejected). */
export async function reviewDeposit(
  db: Queryable,
  recordId: string,
  review: { confirmed: true } | { confirmed: false; reason: string },
  now: Date,
): Promise<void> {
  if (review.confirmed) {
    await db.query('UPDATE tender_deposits SET confirmed_at = $2 WHERE record_id = $1 AND rejected_at IS NULL AND confirmed_at IS NULL', [
      recordId,
      now,
    ]);
  } else {
    await db.query(
      'UPDATE tender_deposits SET rejected_at = $2, reject_reason = $3 WHERE record_id = $1 AND rejected_at IS NULL AND confirmed_at IS NULL',
      [recordId, now, review.reason],
    );
  }
  await setRecordStatus(db, recordId, review.confirmed ? 'depositConfirmed' : 'depositRejected', now);
  await messageTenderRecords(
    db,
    review.confirmed ? 'depositConfirmed' : 'depositRejected',
    [{ id: recordId, note: review.confirmed ? '' : review.reason }],
    now,
  );
}

/**
 * A new version of the record's bid, standing from now: the first, one after a withdrawal, or a
 * replacement (`replace`: the version standing is superseded first). Answers its number.
 */
export async function insertBid(
  db: Queryable,
  recordId: string,
  bid: Omit<BidDetail, 'submittedAt' | 'version'>,
  now: Date,
  replace = false,
): Promise<number> {
  if (replace)
    await db.query('UPDATE tender_bids SET superseded_at = $2 WHERE record_id = $1 AND superseded_at IS NULL AND withdrawn_at IS NULL', [
      recordId,
      now,
    ]);
  const rows = await db.query<{ version: number }>(
    `INSERT INTO tender_bids (record_id, version, bid_documents, certificates, bill_of_materials, submitted_at)
     VALUES ($1, (SELECT coalesce(max(version), 0) + 1 FROM tender_bids WHERE record_id = $1), $2, $3, $4, $5) RETURNING version`,
    [recordId, JSON.stringify(bid.bidDocuments), JSON.stringify(bid.certificates), JSON.stringify(bid.billOfMaterials), now],
  );
  await setRecordStatus(db, recordId, 'bidSubmitted', now);
  return rows[0]!.version;
}

/** The standing bid withdrawn (kept, marked): the record is back where a bid may be submitted. */
export async function withdrawBid(db: Queryable, recordId: string, now: Date): Promise<void> {
  await db.query('UPDATE tender_bids SET withdrawn_at = $2 WHERE record_id = $1 AND superseded_at IS NULL AND withdrawn_at IS NULL', [
    recordId,
    now,
  ]);
  await setRecordStatus(db, recordId, 'depositConfirmed', now);
}

export async function insertRefundRequest(db: Queryable, recordId: string, remark: string, now: Date): Promise<void> {
  await db.query('INSERT INTO tender_refunds (record_id, remark, requested_at) VALUES ($1, $2, $3)', [recordId, remark, now]);
  await setRecordStatus(db, recordId, 'refundRequested', now);
}

export async function markRefunded(db: Queryable, recordId: string, voucher: FileRef, now: Date): Promise<void> {
  await db.query('UPDATE tender_refunds SET refunded_at = $2, voucher = $3 WHERE record_id = $1', [recordId, now, JSON.stringify(voucher)]);
  await setRecordStatus(db, recordId, 'refunded', now);
  await messageTenderRecords(db, 'depositRefunded', [{ id: recordId, note: '' }], now);
}

/**
 * Records the result of a notice: the winner's record is won, every other record lost. False
 * when a result was announced already (the table's key decides, so two operators cannot both).
 */
export async function announceResult(db: Queryable, noticeId: string, winnerRecordId: string, now: Date): Promise<boolean> {
  const inserted = await db.query(
    'INSERT INTO tender_results (notice_id, winner_record_id, announced_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING notice_id',
    [noticeId, winnerRecordId, now],
  );
  if (!inserted.length) return false;
  // Records that lost already (demo data: results from before the portal) keep their refund state
  // and hear nothing new; every record this moves gets its result.
  const moved = await db.query<{ id: string; status: 'won' | 'lost' }>(
    `UPDATE tender_records SET status = CASE WHEN id = $2 THEN 'won' ELSE 'lost' END, updated_at = $3
      WHERE notice_id = $1 AND status NOT IN ('lost', 'refundRequested', 'refunded')
      RETURNING id::text AS id, status`,
    [noticeId, winnerRecordId, now],
  );
  await messageTenderRecords(
    db,
    'resultAnnounced',
    moved.map((r) => ({ id: r.id, note: r.status })),
    now,
  );
  return true;
}
