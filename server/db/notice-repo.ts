import type { NoticeDetail, NoticeSummary } from '../../contract/schemas/business';
import type { Queryable } from './db';

const SUMMARY_COLUMNS = `id::text AS id, bind_or_purchase, tender_no, title, issuing_unit, project_address,
  registration_count, cutoff_time, published_at`;

interface SummaryRow {
  id: string;
  bind_or_purchase: number;
  tender_no: string;
  title: string;
  issuing_unit: string;
  project_address: string;
  registration_count: number;
  cutoff_time: Date;
  published_at: Date;
}

const toSummary = (r: SummaryRow): NoticeSummary => ({
  id: r.id,
  bindOrPurchase: r.bind_or_purchase,
  tenderNo: r.tender_no,
  title: r.title,
  issuingUnit: r.issuing_unit,
  projectAddress: r.project_address,
  registrationCount: r.registration_count,
  cutoffTime: new Date(r.cutoff_time).toISOString(),
  publishedAt: new Date(r.published_at).toISOString(),
});

/** `%text%` for LIKE with the wildcards of the text itself escaped. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The filter of a list. The pattern is lowered by the database's own lower(), the same function
 * that built `search_text`, so both sides agree on case folding; being a parameter of an
 * unnamed statement it is planned as a constant, which lets the trigram index serve it.
 */
function where(type: number, search: string | undefined): { sql: string; params: unknown[] } {
  if (!search) return { sql: 'bind_or_purchase = $1', params: [type] };
  return { sql: `bind_or_purchase = $1 AND search_text LIKE lower($2)`, params: [type, containsPattern(search)] };
}

export async function countNotices(db: Queryable, type: number, search?: string): Promise<number> {
  const w = where(type, search);
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notices WHERE ${w.sql}`, w.params);
  return rows[0]?.n ?? 0;
}

/** Latest cut-off first: open notices with the furthest deadline lead, expired ones trail. */
export async function listNotices(db: Queryable, q: { type: number; pageNo: number; pageSize: number; search?: string }): Promise<NoticeSummary[]> {
  const w = where(q.type, q.search);
  const n = w.params.length;
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM notices WHERE ${w.sql} ORDER BY cutoff_time DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return rows.map(toSummary);
}

/** The rest of a notice, kept as one document. */
export type NoticeBody = Omit<NoticeDetail, keyof NoticeSummary>;

export async function findNotice(db: Queryable, id: string): Promise<NoticeDetail | null> {
  // Ids are bigints; anything else cannot exist and must not reach the database as a cast error.
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await db.query<SummaryRow & { detail: NoticeBody }>(`SELECT ${SUMMARY_COLUMNS}, detail FROM notices WHERE id = $1`, [id]);
  const row = rows[0];
  return row ? { ...toSummary(row), ...row.detail } : null;
}

export interface NewNotice {
  bindOrPurchase: number;
  tenderNo: string;
  title: string;
  issuingUnit: string;
  projectAddress: string;
  registrationCount: number;
  cutoffTime: Date;
  publishedAt: Date;
  detail: NoticeBody;
}

export async function insertNotice(db: Queryable, n: NewNotice): Promise<string> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO notices (bind_or_purchase, tender_no, title, issuing_unit, project_address, registration_count, cutoff_time, published_at, detail)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id::text AS id`,
    [n.bindOrPurchase, n.tenderNo, n.title, n.issuingUnit, n.projectAddress, n.registrationCount, n.cutoffTime, n.publishedAt, JSON.stringify(n.detail)],
  );
  return rows[0]!.id;
}

export async function countAllNotices(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices'))[0]?.n ?? 0;
}
