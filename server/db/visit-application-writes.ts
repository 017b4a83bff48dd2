import type { FileRef } from '../../contract/schemas/common';
import { dayIn } from '../../contract/time-zone';
import type { VisitApplication, VisitReviewStatus } from '../../contract/schemas/visit';
import type { Queryable } from './db';
import { messageVisitApplication } from './message-repo';

// Visit applications' writes (migration 007): the submitted application with its parts, and the
// review. Callers check the transitions (contract/visit-values.ts) with the row locked; the
// reads are in visit-application-repo.ts.

/**
 * An application as it is stored: the request with its files' links rebuilt and sizes known.
 * `copiedFrom` (the supplier's own returned application, checked by the caller) ends that one's to-do.
 */
export interface NewApplication extends Omit<VisitApplication, 'files'> {
  files: Array<{ type: string; file: FileRef & { size: number } }>;
}

/** A submitted application with its visitors, files, insurance and insured persons; answers its id. */
export async function insertApplication(
  db: Queryable,
  a: NewApplication,
  supplierId: string,
  uploader: string,
  now: Date,
  buyerZone: string,
): Promise<string> {
  const stamp = dayIn(now, buyerZone).replaceAll('-', '');
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO visit_applications (visit_no, supplier_id, intention, start_date, end_date, entry_method, source_no, base_code, department_code, reason,
                                     visiting_company, host, related_project, contract, labour_notice, labour_contract, policy, visitor_count,
                                     submitted_at, updated_at, copied_from)
     VALUES ('FS' || $1 || lpad(nextval('visit_application_no_seq')::text, 4, '0'), $2, $3, $4::date, $5::date, $6, $7, $8, $9, $10, $11, $12, $13,
             $14, $15, $16, $17, $18, $19, $19, $20::uuid)
     RETURNING id::text AS id`,
    [
      stamp,
      supplierId,
      a.intention,
      a.startDate,
      a.endDate,
      a.entryMethod,
      a.sourceNo,
      a.productionBase,
      a.department,
      a.reason,
      a.visitingCompany,
      a.host,
      a.relatedProject,
      JSON.stringify(a.contract),
      JSON.stringify(a.labourNotice),
      JSON.stringify(a.labourContract),
      JSON.stringify(a.policy),
      a.visitors.length,
      now,
      a.copiedFrom ?? null,
    ],
  );
  const id = row!.id;
  for (const [i, v] of a.visitors.entries()) {
    await db.query(
      `INSERT INTO visit_application_visitors (application_id, seq, name, gender, certificate_type, certificate_no, phone, meal, meal_type, lodging)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [id, i + 1, v.name, v.gender, v.certificateType, v.certificateNo, v.phone, v.meal, v.meal ? v.mealType : '', v.lodging],
    );
  }
  for (const [i, f] of a.files.entries()) {
    await db.query(
      'INSERT INTO visit_application_files (application_id, seq, file_type, file, uploader, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [id, i + 1, f.type, JSON.stringify(f.file), uploader, now],
    );
  }
  const s = a.insurance;
  await db.query(
    `INSERT INTO visit_application_insurance (application_id, company, insurance_type, policy_no, job_type, insured_count, amount, currency, insured_date,
                                              has_insured, has_social_security, appendix)
     VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8, $9::date, $10, $11, $12)`,
    [
      id,
      s.company,
      s.type,
      s.policyNo,
      s.jobType,
      s.insuredCount,
      s.amount,
      s.currency,
      s.date,
      s.hasInsured,
      s.hasSocialSecurity,
      JSON.stringify(s.appendix),
    ],
  );
  for (const [i, p] of s.insuredPersons.entries()) {
    await db.query('INSERT INTO visit_application_insured (application_id, seq, certificate_no, job) VALUES ($1, $2, $3, $4)', [
      id,
      i + 1,
      p.certificateNo,
      p.job,
    ]);
  }
  return id;
}

/** pending -> approved / returned (with its reason) / withdrawn; the buyer's review is the supplier's message. */
export async function setReviewStatus(
  db: Queryable,
  id: string,
  status: Exclude<VisitReviewStatus, 'pending'>,
  reason: string | null,
  now: Date,
): Promise<void> {
  await db.query('UPDATE visit_applications SET review_status = $2, review_reason = $3, reviewed_at = $4, updated_at = $5 WHERE id = $1', [
    id,
    status,
    status === 'returned' ? reason : null,
    status === 'withdrawn' ? null : now,
    now,
  ]);
  if (status === 'approved') await messageVisitApplication(db, 'visitApproved', id, '', now);
  if (status === 'returned') await messageVisitApplication(db, 'visitReturned', id, reason ?? '', now);
}
