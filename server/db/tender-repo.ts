import type { FileRef } from '../../contract/schemas/common';
import {
  refundStatusOf,
  winStatusOf,
  type BidDetail,
  type BidVersion,
  type DepositDetail,
  type DepositType,
  type TenderRecordDetail,
  type TenderRecordSummary,
  type TenderStatus,
} from '../../contract/schemas/tender';
import type { Queryable } from './db';

/**
 * Reads of tender records (migration 005): a record with its notice's list fields, the deposit
 * the notice asks for, the current deposit submission (the latest), the bid and the refund.
 */
interface RecordRow {
  id: string;
  supplier_id: string;
  notice_id: string;
  status: TenderStatus;
  tender_no: string;
  title: string;
  cutoff_time: Date;
  required_deposit: number;
  currency: string;
  required_certificates: unknown;
  deposit_type: DepositType | null;
  deposit_amount: number | null;
  deposit_currency: string | null;
  payment_date: string | null;
  remittance_slip: FileRef | null;
  deposit_submitted_at: Date | null;
  confirmed_at: Date | null;
  reject_reason: string | null;
  bid_documents: FileRef[] | null;
  certificates: BidDetail['certificates'] | null;
  bill_of_materials: FileRef | null;
  bid_submitted_at: Date | null;
  bid_version: number | null;
  bid_versions: Array<{ version: number; submittedAt: string; supersededAt: string | null; withdrawnAt: string | null }> | string;
  remark: string | null;
  requested_at: Date | null;
  refunded_at: Date | null;
  voucher: FileRef | null;
  signed_up_at: Date;
  updated_at: Date;
}

/** Every version of the record's bid, for a detail; a list's summaries leave them out. */
const BID_VERSIONS = `(SELECT coalesce(json_agg(json_build_object('version', v.version, 'submittedAt', v.submitted_at,
    'supersededAt', v.superseded_at, 'withdrawnAt', v.withdrawn_at) ORDER BY v.version), '[]'::json)
    FROM tender_bids v WHERE v.record_id = r.id) AS bid_versions`;
const NO_BID_VERSIONS = `'[]'::json AS bid_versions`;

const recordSelect = (versions: string) => `
  SELECT r.id::text AS id, r.supplier_id::text AS supplier_id, r.notice_id::text AS notice_id, r.status,
         n.tender_no, n.title, n.cutoff_time,
         coalesce((d.detail ->> 'depositAmount')::float8, 0) AS required_deposit,
         coalesce(d.detail ->> 'currency', '') AS currency,
         coalesce(d.detail -> 'certificateDocuments', '[]'::jsonb) AS required_certificates,
         dep.deposit_type, dep.amount::float8 AS deposit_amount, dep.currency AS deposit_currency,
         to_char(dep.payment_date, 'YYYY-MM-DD') AS payment_date, dep.remittance_slip,
         dep.submitted_at AS deposit_submitted_at, dep.confirmed_at, dep.reject_reason,
         b.bid_documents, b.certificates, b.bill_of_materials, b.submitted_at AS bid_submitted_at, b.version AS bid_version,
         ${versions},
         f.remark, f.requested_at, f.refunded_at, f.voucher,
         r.signed_up_at, r.updated_at
    FROM tender_records r
    JOIN notices n ON n.id = r.notice_id
    JOIN notice_details d ON d.notice_id = r.notice_id
    LEFT JOIN LATERAL (SELECT * FROM tender_deposits x WHERE x.record_id = r.id ORDER BY x.seq DESC LIMIT 1) dep ON true
    LEFT JOIN tender_bids b ON b.record_id = r.id AND b.superseded_at IS NULL AND b.withdrawn_at IS NULL
    LEFT JOIN tender_refunds f ON f.record_id = r.id`;
const RECORD_SELECT = recordSelect(BID_VERSIONS);
const SUMMARY_SELECT = recordSelect(NO_BID_VERSIONS);

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRecordId = (id: string) => UUID_RE.test(id);

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d ? iso(d) : null);

/** Whether a bid version stands, was replaced or withdrawn, and since when. */
const versionState = (supersededAt: Date | string | null, withdrawnAt: Date | string | null): Pick<BidVersion, 'status' | 'closedAt'> => ({
  status: supersededAt ? 'superseded' : withdrawnAt ? 'withdrawn' : 'standing',
  closedAt: isoOrNull(supersededAt ?? withdrawnAt),
});

/** A record as stored: its detail (without the answer's clock) and its owner. */
export interface TenderRecord {
  supplierId: string;
  detail: Omit<TenderRecordDetail, 'serverTime' | 'receipts'>;
}

function toRecord(r: RecordRow): TenderRecord {
  const depositConfirmed = r.confirmed_at !== null;
  const deposit: DepositDetail | null = r.deposit_type
    ? {
        depositType: r.deposit_type,
        amount: r.deposit_amount!,
        currency: r.deposit_currency!,
        paymentDate: r.payment_date!,
        remittanceSlip: r.remittance_slip!,
        submittedAt: iso(r.deposit_submitted_at!),
        confirmedAt: isoOrNull(r.confirmed_at),
        rejectReason: r.reject_reason,
      }
    : null;
  const summary: TenderRecordSummary = {
    id: r.id,
    noticeId: r.notice_id,
    tenderNo: r.tender_no,
    title: r.title,
    cutoffTime: iso(r.cutoff_time),
    status: r.status,
    winStatus: winStatusOf(r.status),
    refundStatus: refundStatusOf(r.status, depositConfirmed),
    requiredDeposit: r.required_deposit,
    currency: r.currency,
    depositAmount: r.deposit_amount,
    depositConfirmed,
    // The reason is news while the deposit stays rejected; afterwards it is history.
    rejectReason: r.status === 'depositRejected' ? r.reject_reason : null,
    bidDocuments: r.bid_documents ?? [],
    refundVoucher: r.voucher,
    signedUpAt: iso(r.signed_up_at),
    bidSubmittedAt: isoOrNull(r.bid_submitted_at),
    bidVersion: r.bid_version,
    updatedAt: iso(r.updated_at),
  };
  const required = Array.isArray(r.required_certificates) ? r.required_certificates.filter((c): c is string => typeof c === 'string') : [];
  return {
    supplierId: r.supplier_id,
    detail: {
      ...summary,
      requiredCertificates: required,
      deposit,
      bid: r.bill_of_materials
        ? {
            version: r.bid_version!,
            bidDocuments: r.bid_documents ?? [],
            certificates: r.certificates ?? [],
            billOfMaterials: r.bill_of_materials,
            submittedAt: iso(r.bid_submitted_at!),
          }
        : null,
      bidVersions: (typeof r.bid_versions === 'string'
        ? (JSON.parse(r.bid_versions) as Exclude<RecordRow['bid_versions'], string>)
        : r.bid_versions
      ).map((v) => ({ version: v.version, submittedAt: iso(v.submittedAt), ...versionState(v.supersededAt, v.withdrawnAt) })),
      refund: r.requested_at
        ? { remark: r.remark ?? '', requestedAt: iso(r.requested_at), refundedAt: isoOrNull(r.refunded_at), voucher: r.voucher }
        : null,
    },
  };
}

export const summaryOf = (record: TenderRecord): TenderRecordSummary => {
  const { requiredCertificates: _c, deposit: _d, bid: _b, bidVersions: _v, refund: _r, ...summary } = record.detail;
  return summary;
};

/** By id; `lock` holds the record row until the transaction ends (one write at a time per record). */
export async function findRecord(db: Queryable, id: string, lock = false): Promise<TenderRecord | null> {
  if (!isRecordId(id)) return null;
  if (lock && !(await db.query('SELECT id FROM tender_records WHERE id = $1 FOR UPDATE', [id])).length) return null;
  const rows = await db.query<RecordRow>(`${RECORD_SELECT} WHERE r.id = $1`, [id]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/** `%` and `_` in a search term are taken literally. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a supplier's records, newest activity first. A search is a case-insensitive
 * substring of the tender number or the title; `search_text` (which holds both, lowered) lets
 * the trigram index of 001 find candidates when that is cheaper.
 */
export async function listRecords(
  db: Queryable,
  q: { supplierId: string; status?: TenderStatus; search?: string; pageNo: number; pageSize: number },
): Promise<{ records: TenderRecordSummary[]; total: number }> {
  const where = `r.supplier_id = $1 AND ($2::text IS NULL OR r.status = $2)
    AND ($3::text IS NULL OR (n.search_text LIKE $3 AND (lower(n.tender_no) LIKE $3 OR lower(n.title) LIKE $3)))`;
  const params = [q.supplierId, q.status ?? null, q.search ? likePattern(q.search) : null];
  const rows = await db.query<RecordRow>(`${SUMMARY_SELECT} WHERE ${where} ORDER BY r.updated_at DESC, r.id DESC LIMIT $4 OFFSET $5`, [
    ...params,
    q.pageSize,
    (q.pageNo - 1) * q.pageSize,
  ]);
  const totals = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tender_records r JOIN notices n ON n.id = r.notice_id WHERE ${where}`,
    params,
  );
  return { records: rows.map((r) => summaryOf(toRecord(r))), total: totals[0]?.n ?? 0 };
}

/** Every record, of one supplier and/or one notice (operators). */
export async function listRecordsOf(db: Queryable, q: { supplierId?: string; noticeId?: string }): Promise<TenderRecord[]> {
  const rows = await db.query<RecordRow>(
    `${RECORD_SELECT} WHERE ($1::uuid IS NULL OR r.supplier_id = $1) AND ($2::bigint IS NULL OR r.notice_id = $2) ORDER BY r.signed_up_at, r.id`,
    [q.supplierId ?? null, q.noticeId ?? null],
  );
  return rows.map(toRecord);
}

export interface DepositSubmission extends DepositDetail {
  rejectedAt: string | null;
}

/** Every deposit submission of a record, oldest first (operators see the history). */
export async function depositsOf(db: Queryable, recordId: string): Promise<DepositSubmission[]> {
  const rows = await db.query<{
    deposit_type: DepositType;
    amount: number;
    currency: string;
    payment_date: string;
    remittance_slip: FileRef;
    submitted_at: Date;
    confirmed_at: Date | null;
    rejected_at: Date | null;
    reject_reason: string | null;
  }>(
    `SELECT deposit_type, amount::float8 AS amount, currency, to_char(payment_date, 'YYYY-MM-DD') AS payment_date, remittance_slip,
            submitted_at, confirmed_at, rejected_at, reject_reason
       FROM tender_deposits WHERE record_id = $1 ORDER BY seq`,
    [recordId],
  );
  return rows.map((r) => ({
    depositType: r.deposit_type,
    amount: r.amount,
    currency: r.currency,
    paymentDate: r.payment_date,
    remittanceSlip: r.remittance_slip,
    submittedAt: iso(r.submitted_at),
    confirmedAt: isoOrNull(r.confirmed_at),
    rejectedAt: isoOrNull(r.rejected_at),
    rejectReason: r.reject_reason,
  }));
}

export interface BidSubmission extends BidDetail {
  status: BidVersion['status'];
  closedAt: string | null;
}

/** Every bid version of a record, oldest first, with its files (operators see the history). */
export async function bidsOf(db: Queryable, recordId: string): Promise<BidSubmission[]> {
  const rows = await db.query<{
    version: number;
    bid_documents: FileRef[];
    certificates: BidDetail['certificates'];
    bill_of_materials: FileRef;
    submitted_at: Date;
    superseded_at: Date | null;
    withdrawn_at: Date | null;
  }>(
    `SELECT version, bid_documents, certificates, bill_of_materials, submitted_at, superseded_at, withdrawn_at
       FROM tender_bids WHERE record_id = $1 ORDER BY version`,
    [recordId],
  );
  return rows.map((r) => ({
    version: r.version,
    bidDocuments: r.bid_documents,
    certificates: r.certificates,
    billOfMaterials: r.bill_of_materials,
    submittedAt: iso(r.submitted_at),
    ...versionState(r.superseded_at, r.withdrawn_at),
  }));
}
