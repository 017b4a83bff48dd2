import type { Locale } from '../../contract/locales';
import { monthIn } from '../../contract/time-zone';
import type { VisitItem, VisitorPerson } from '../../contract/schemas/visitor';
import type { Queryable } from './db';

export interface Visit {
  id: string;
  visitNo: string;
  phone: string;
  visitorName: string;
  baseCode: string;
  departmentCode: string;
  /** Labels in the language asked for (zh-CN when the row has none in it). */
  productionBase: string;
  department: string;
  host: string;
  reason: string;
  status: 'approved' | 'revoked';
  validFrom: Date;
  validUntil: Date;
  /** The base's IANA time zone; null: the buyer's (TIME_ZONE). */
  timeZone: string | null;
}

interface VisitRow {
  id: string;
  visit_no: string;
  phone: string;
  visitor_name: string;
  base_code: string;
  department_code: string;
  base_label: string;
  department_label: string;
  host: string;
  reason: string;
  status: 'approved' | 'revoked';
  valid_from: Date;
  valid_until: Date;
  time_zone: string | null;
}

const SELECT = (localeParam: number) => `
  SELECT v.id::text AS id, v.visit_no, v.phone, v.visitor_name, v.base_code, v.department_code, v.host, v.reason, v.status, v.valid_from, v.valid_until, b.time_zone,
         coalesce(b.labels->>$${localeParam}, b.labels->>'zh-CN') AS base_label, coalesce(d.labels->>$${localeParam}, d.labels->>'zh-CN') AS department_label
    FROM visits v JOIN production_bases b ON b.code = v.base_code JOIN departments d ON d.code = v.department_code`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toVisit = (r: VisitRow): Visit => ({
  id: r.id,
  visitNo: r.visit_no,
  phone: r.phone,
  visitorName: r.visitor_name,
  baseCode: r.base_code,
  departmentCode: r.department_code,
  productionBase: r.base_label,
  department: r.department_label,
  host: r.host,
  reason: r.reason,
  status: r.status,
  validFrom: new Date(r.valid_from),
  validUntil: new Date(r.valid_until),
  timeZone: r.time_zone,
});

/** A visit as its pass holder sees it; `buyerZone` stands for a base without its own. */
export const visitItemOf = (v: Visit, buyerZone: string): VisitItem => ({
  visitId: v.id,
  visitNo: v.visitNo,
  productionBase: v.productionBase,
  department: v.department,
  host: v.host,
  reason: v.reason,
  validFrom: v.validFrom.toISOString(),
  validUntil: v.validUntil.toISOString(),
  timeZone: v.timeZone ?? buyerZone,
});

/** Approved visits of a phone that have not ended at `now`, the earliest first. */
export async function openVisitsOf(db: Queryable, phone: string, now: Date, locale: Locale): Promise<Visit[]> {
  const rows = await db.query<VisitRow>(
    `${SELECT(1)} WHERE v.phone = $2 AND v.status = 'approved' AND v.valid_until > $3 ORDER BY v.valid_from, v.visit_no`,
    [locale, phone, now],
  );
  return rows.map(toVisit);
}

export async function findVisit(db: Queryable, id: string, locale: Locale): Promise<Visit | null> {
  if (!UUID_RE.test(id)) return null;
  const rows = await db.query<VisitRow>(`${SELECT(1)} WHERE v.id = $2`, [locale, id]);
  return rows[0] ? toVisit(rows[0]) : null;
}

export async function listVisits(db: Queryable, phone: string | null, locale: Locale): Promise<Visit[]> {
  const rows = await db.query<VisitRow>(`${SELECT(1)} WHERE $2::text IS NULL OR v.phone = $2 ORDER BY v.created_at, v.visit_no`, [
    locale,
    phone,
  ]);
  return rows.map(toVisit);
}

export interface NewVisit {
  phone: string;
  visitorName: string;
  baseCode: string;
  departmentCode: string;
  host: string;
  reason: string;
  validFrom: Date;
  validUntil: Date;
  /** The visit application whose approval created it, if any. */
  applicationId?: string;
}

/** An approved visit; its number is FK + year and month (the buyer's) + a sequence (FK2026110001). */
export async function insertVisit(db: Queryable, v: NewVisit, now: Date, buyerZone: string): Promise<string> {
  const month = monthIn(now, buyerZone);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO visits (visit_no, phone, visitor_name, base_code, department_code, host, reason, valid_from, valid_until, created_at, application_id)
     VALUES ('FK' || $1 || lpad(nextval('visit_no_seq')::text, 4, '0'), $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id::text AS id`,
    [
      month,
      v.phone,
      v.visitorName,
      v.baseCode,
      v.departmentCode,
      v.host,
      v.reason,
      v.validFrom,
      v.validUntil,
      now,
      v.applicationId ?? null,
    ],
  );
  return rows[0]!.id;
}

/** The visitor of a phone, created on first use. */
export async function visitorIdOf(db: Queryable, phone: string, now: Date): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO visitors (phone, created_at) VALUES ($1, $2) ON CONFLICT (phone) DO UPDATE SET phone = EXCLUDED.phone RETURNING id::text AS id',
    [phone, now],
  );
  return rows[0]!.id;
}

export async function findVisitorIdByPhone(db: Queryable, phone: string): Promise<string | null> {
  return (await db.query<{ id: string }>('SELECT id::text AS id FROM visitors WHERE phone = $1', [phone]))[0]?.id ?? null;
}

export async function findPerson(db: Queryable, visitorId: string): Promise<VisitorPerson | null> {
  if (!UUID_RE.test(visitorId)) return null;
  return (
    (await db.query<{ person: VisitorPerson }>('SELECT person FROM visitor_persons WHERE visitor_id = $1', [visitorId]))[0]?.person ?? null
  );
}

export async function savePerson(db: Queryable, visitorId: string, person: VisitorPerson, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO visitor_persons (visitor_id, person, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (visitor_id) DO UPDATE SET person = EXCLUDED.person, updated_at = EXCLUDED.updated_at`,
    [visitorId, JSON.stringify(person), now],
  );
}

/** Whether `code` is an entry of dictionary `type` (the visitor form's choices). */
export async function isDictionaryCode(db: Queryable, type: string, code: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM dictionary_items WHERE type = $1 AND code = $2', [type, code])).length > 0;
}
