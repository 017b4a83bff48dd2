import type { Locale } from '../../contract/locales';
import type { FileRef } from '../../contract/schemas/common';
import type { VisitApplicationDetail, VisitApplicationSummary, VisitReviewStatus } from '../../contract/schemas/visit';
import type { Queryable } from './db';
import { receiptsOf } from './receipt-repo';

/**
 * Visit applications (migration 007): reads as one supplier sees its own (or, with a null
 * supplier, as the buyer sees all); the writes are in visit-application-writes.ts. Callers check the transitions
 * (contract/visit-values.ts) with the row locked; these only read and write; the buyer's review
 * writes the supplier's message with it (message-repo.ts). Labels come in the request language,
 * falling back to Chinese.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isApplicationId = (id: string) => UUID_RE.test(id);

const iso = (d: Date | string) => new Date(d).toISOString();
const day = (d: string) => d.slice(0, 10);
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const label = (alias: string, n: number) => `coalesce(${alias}.labels->>$${n}, ${alias}.labels->>'zh-CN')`;

interface SummaryRow {
  id: string;
  visit_no: string;
  supplier_id: string;
  intention: string;
  intention_name: string | null;
  start_date: string;
  end_date: string;
  base_code: string;
  base_name: string;
  department_code: string;
  department_name: string;
  related_project: string;
  copied_from: string | null;
  review_status: VisitReviewStatus;
  review_reason: string | null;
  reviewed_at: Date | null;
  visitor_count: number;
  submitted_at: Date;
}

/** $1: locale. Dates as text, so no time zone moves a day. */
const SUMMARY_SELECT = `
  SELECT a.id::text AS id, a.visit_no, a.supplier_id::text AS supplier_id, a.intention, ${label('i', 1)} AS intention_name,
         a.start_date::text AS start_date, a.end_date::text AS end_date, a.base_code, ${label('b', 1)} AS base_name,
         a.department_code, ${label('d', 1)} AS department_name, a.related_project, a.copied_from::text AS copied_from, a.review_status, a.review_reason, a.reviewed_at,
         a.visitor_count, a.submitted_at
    FROM visit_applications a
    JOIN production_bases b ON b.code = a.base_code
    JOIN departments d ON d.code = a.department_code
    LEFT JOIN dictionary_items i ON i.type = 'visitIntention' AND i.code = a.intention`;

const toSummary = (r: SummaryRow): VisitApplicationSummary => ({
  id: r.id,
  visitNo: r.visit_no,
  intention: r.intention,
  intentionName: r.intention_name ?? r.intention,
  startDate: day(r.start_date),
  endDate: day(r.end_date),
  productionBase: r.base_code,
  productionBaseName: r.base_name,
  department: r.department_code,
  departmentName: r.department_name,
  relatedProject: r.related_project,
  copiedFrom: r.copied_from,
  reviewStatus: r.review_status,
  reviewReason: r.review_reason,
  reviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
  visitorCount: r.visitor_count,
  submittedAt: iso(r.submitted_at),
});

/**
 * One page of applications, newest first: a supplier's (or all, for the buyer). A search is a
 * case-insensitive substring of the visit no, the related project, the reason or the host.
 */
export async function listApplications(
  db: Queryable,
  q: { supplierId: string | null; reviewStatus?: VisitReviewStatus; search?: string; pageNo: number; pageSize: number },
  locale: Locale,
): Promise<{ records: Array<VisitApplicationSummary & { supplierId: string }>; total: number }> {
  const where = `WHERE ($2::text IS NULL OR a.supplier_id = $2::uuid) AND ($3::text IS NULL OR a.review_status = $3)
    AND ($4::text IS NULL OR lower(a.visit_no) LIKE $4 OR lower(a.related_project) LIKE $4 OR lower(a.reason) LIKE $4 OR lower(a.host) LIKE $4)`;
  const params = [locale, q.supplierId, q.reviewStatus ?? null, q.search ? likePattern(q.search) : null];
  const rows = await db.query<SummaryRow>(`${SUMMARY_SELECT} ${where} ORDER BY a.submitted_at DESC, a.id DESC LIMIT $5 OFFSET $6`, [
    ...params,
    q.pageSize,
    (q.pageNo - 1) * q.pageSize,
  ]);
  const totals = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SUMMARY_SELECT} ${where}) x`, params);
  return { records: rows.map((r) => ({ ...toSummary(r), supplierId: r.supplier_id })), total: totals[0]?.n ?? 0 };
}

/** What a review or a withdrawal needs; null when unknown or (with a supplier) another supplier's. */
export interface ApplicationState {
  id: string;
  visitNo: string;
  supplierId: string;
  reviewStatus: VisitReviewStatus;
}

export async function findApplication(
  db: Queryable,
  which: { id?: string; visitNo?: string },
  supplierId: string | null,
  lock = false,
): Promise<ApplicationState | null> {
  if (which.id !== undefined && !isApplicationId(which.id)) return null;
  const rows = await db.query<{ id: string; visit_no: string; supplier_id: string; review_status: VisitReviewStatus }>(
    `SELECT id::text AS id, visit_no, supplier_id::text AS supplier_id, review_status FROM visit_applications
      WHERE ($1::text IS NULL OR id = $1::uuid) AND ($2::text IS NULL OR visit_no = $2) AND ($3::text IS NULL OR supplier_id = $3::uuid)
      ${lock ? 'FOR UPDATE' : ''}`,
    [which.id ?? null, which.visitNo ?? null, supplierId],
  );
  const r = rows[0];
  return r ? { id: r.id, visitNo: r.visit_no, supplierId: r.supplier_id, reviewStatus: r.review_status } : null;
}

type StoredRef = FileRef & { size?: number };
const ref = (f: StoredRef): FileRef => ({ name: f.name, url: f.url, path: f.path });

/** The whole application (null when unknown or another supplier's), without the clock. */
export async function applicationDetail(
  db: Queryable,
  id: string,
  supplierId: string | null,
  locale: Locale,
): Promise<Omit<VisitApplicationDetail, 'serverTime'> | null> {
  if (!isApplicationId(id)) return null;
  const rows = await db.query<
    SummaryRow & {
      entry_method: string;
      source_no: string;
      reason: string;
      visiting_company: string;
      host: string;
      contract: StoredRef[];
      labour_notice: StoredRef[];
      labour_contract: StoredRef[];
      policy: StoredRef[];
    }
  >(
    `SELECT x.*, a.entry_method, a.source_no, a.reason, a.visiting_company, a.host, a.contract, a.labour_notice, a.labour_contract, a.policy
       FROM (${SUMMARY_SELECT} WHERE a.id = $2::uuid AND ($3::text IS NULL OR a.supplier_id = $3::uuid)) x JOIN visit_applications a ON a.id = x.id::uuid`,
    [locale, id, supplierId],
  );
  const r = rows[0];
  if (!r) return null;
  const visitors = await db.query<{
    name: string;
    gender: string;
    certificate_type: string;
    certificate_no: string;
    phone: string;
    meal: boolean;
    meal_type: string;
    lodging: boolean;
  }>(
    'SELECT name, gender, certificate_type, certificate_no, phone, meal, meal_type, lodging FROM visit_application_visitors WHERE application_id = $1 ORDER BY seq',
    [id],
  );
  const files = await db.query<{ file_type: string; file: StoredRef; uploader: string; uploaded_at: Date }>(
    'SELECT file_type, file, uploader, uploaded_at FROM visit_application_files WHERE application_id = $1 ORDER BY seq',
    [id],
  );
  const insurance = (
    await db.query<{
      company: string;
      insurance_type: string;
      policy_no: string;
      job_type: string;
      insured_count: number;
      amount: string;
      currency: string;
      insured_date: string;
      has_insured: boolean;
      has_social_security: boolean;
      appendix: StoredRef[];
    }>(
      `SELECT company, insurance_type, policy_no, job_type, insured_count, amount::text AS amount, currency, insured_date::text AS insured_date,
              has_insured, has_social_security, appendix FROM visit_application_insurance WHERE application_id = $1`,
      [id],
    )
  )[0]!;
  const insured = await db.query<{ certificate_no: string; name: string; job: string }>(
    `SELECT p.certificate_no, v.name, p.job FROM visit_application_insured p
       JOIN visit_application_visitors v ON v.application_id = p.application_id AND v.certificate_no = p.certificate_no
      WHERE p.application_id = $1 ORDER BY p.seq`,
    [id],
  );
  return {
    ...toSummary(r),
    entryMethod: r.entry_method,
    sourceNo: r.source_no,
    reason: r.reason,
    visitingCompany: r.visiting_company,
    host: r.host,
    contract: r.contract.map(ref),
    labourNotice: r.labour_notice.map(ref),
    labourContract: r.labour_contract.map(ref),
    policy: r.policy.map(ref),
    visitors: visitors.map((v) => ({
      name: v.name,
      gender: v.gender,
      certificateType: v.certificate_type,
      certificateNo: v.certificate_no,
      phone: v.phone,
      meal: v.meal,
      mealType: v.meal_type,
      lodging: v.lodging,
    })),
    files: files.map((f) => ({
      type: f.file_type,
      file: { ...ref(f.file), size: f.file.size ?? 0, uploader: f.uploader, uploadedAt: iso(f.uploaded_at) },
    })),
    insurance: {
      company: insurance.company,
      type: insurance.insurance_type,
      policyNo: insurance.policy_no,
      jobType: insurance.job_type,
      insuredCount: insurance.insured_count,
      amount: insurance.amount,
      currency: insurance.currency,
      date: day(insurance.insured_date),
      hasInsured: insurance.has_insured,
      hasSocialSecurity: insurance.has_social_security,
      appendix: insurance.appendix.map(ref),
      insuredPersons: insured.map((p) => ({ certificateNo: p.certificate_no, name: p.name, job: p.job })),
    },
    receipt: (await receiptsOf(db, id)).find((r) => r.kind === 'visitApplication')?.receipt ?? null,
  };
}

/** The visitors of an application, in order (for the gate visits of an approval). */
export async function visitorsOf(db: Queryable, id: string): Promise<Array<{ name: string; phone: string }>> {
  return db.query('SELECT name, phone FROM visit_application_visitors WHERE application_id = $1 ORDER BY seq', [id]);
}
