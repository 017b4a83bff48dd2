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

/** At most this many ids of one search are kept; deeper pages are read with OFFSET. */
export const MATCH_IDS_MAX = 10_000;

/**
 * The ids of a search's matches in list order (the first MATCH_IDS_MAX) and their total: one
 * pass over the matches answers the count and every page of that search.
 */
export async function matchNotices(db: Queryable, type: number, search: string): Promise<{ ids: string[]; total: number }> {
  const w = where(type, search);
  const rows = await db.query<{ id: string; total: number }>(
    `SELECT id::text AS id, count(*) OVER ()::int AS total FROM (SELECT id, cutoff_time FROM notices WHERE ${w.sql} OFFSET 0) AS m
      ORDER BY cutoff_time DESC, id DESC LIMIT ${MATCH_IDS_MAX}`,
    w.params,
  );
  return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
}

/** Summaries of the given ids, in the order given. */
export async function noticesByIds(db: Queryable, ids: string[]): Promise<NoticeSummary[]> {
  if (!ids.length) return [];
  const rows = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM notices WHERE id = ANY($1::bigint[])`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function countNotices(db: Queryable, type: number, search?: string): Promise<number> {
  const w = where(type, search);
  const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notices WHERE ${w.sql}`, w.params);
  return rows[0]?.n ?? 0;
}

/**
 * Latest cut-off first: open notices with the furthest deadline lead, expired ones trail.
 * A search first collects its matches (through the trigram index where the term allows) and
 * sorts only those: walking the cut-off index and filtering would read the whole table
 * whenever a term is rare.
 */
export async function listNotices(db: Queryable, q: { type: number; pageNo: number; pageSize: number; search?: string }): Promise<NoticeSummary[]> {
  const w = where(q.type, q.search);
  const n = w.params.length;
  const source = q.search ? `(SELECT * FROM notices WHERE ${w.sql} OFFSET 0) AS m` : `notices WHERE ${w.sql}`;
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${source} ORDER BY cutoff_time DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.params, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  return rows.map(toSummary);
}

/** The rest of a notice, kept as one document. */
export type NoticeBody = Omit<NoticeDetail, keyof NoticeSummary>;

export async function findNotice(db: Queryable, id: string): Promise<NoticeDetail | null> {
  // Ids are bigints; anything else cannot exist and must not reach the database as a cast error.
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await db.query<SummaryRow & { detail: NoticeBody }>(
    `SELECT ${SUMMARY_COLUMNS}, d.detail FROM notices n JOIN notice_details d ON d.notice_id = n.id WHERE n.id = $1`,
    [id],
  );
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
    `WITH n AS (
       INSERT INTO notices (bind_or_purchase, tender_no, title, issuing_unit, project_address, registration_count, cutoff_time, published_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id
     )
     INSERT INTO notice_details (notice_id, detail) SELECT id, $9 FROM n RETURNING notice_id::text AS id`,
    [n.bindOrPurchase, n.tenderNo, n.title, n.issuingUnit, n.projectAddress, n.registrationCount, n.cutoffTime, n.publishedAt, JSON.stringify(n.detail)],
  );
  return rows[0]!.id;
}

export async function countAllNotices(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices'))[0]?.n ?? 0;
}
