import type { NoticeDetail, NoticeSummary } from '../../contract/schemas/notice';
import { NOTICE_TOTAL_CAP } from '../../contract/limits';
import type { Db, Queryable } from './db';
import { publicQuestionsOf, questionsCloseAtOf } from './question-repo';

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

/**
 * One page of a public list and its total: open notices first, the nearest deadline first, then
 * the closed ones, the latest deadline first (`now` decides which is which). A search is a
 * case-insensitive substring of the tender number, title, issuing unit or project location
 * (never across two of them), with `%` and `_` as plain characters. The database answers with
 * the page as JSON in one round trip (`notice_list`, migrations 003, 009 and 016): plain totals
 * and totals of one- or two-character terms are kept by triggers; a longer term is counted up to
 * NOTICE_TOTAL_CAP matches through the search keys' index, writing nothing. A search reaches its
 * first NOTICE_TOTAL_CAP matches (beyond, the answer says `totalCapped`); a page past them or past
 * the total answers at once. The page comes from the sorted matches or a walk of the list order,
 * whichever reads fewer rows.
 */
/**
 * Longer search terms known to match more than NOTICE_TOTAL_CAP notices of a list, remembered by
 * one instance for a minute (at most 10,000 of them): such a term is not counted again, the
 * costliest part of its search. Only capped counts are remembered: a term stays past the cap
 * for that long, while an exact total must change as soon as a notice is published.
 */
export class CappedTerms {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 10_000,
  ) {}

  has(key: string, now: number): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > now) return true;
    this.until.delete(key);
    return false;
  }

  add(key: string, now: number): void {
    this.until.delete(key);
    this.until.set(key, now + this.ttlMs);
    // The oldest first (a Map keeps insertion order).
    if (this.until.size > this.max) this.until.delete(this.until.keys().next().value!);
  }
}

export async function listNotices(
  db: Pick<Db, 'query' | 'searchQuery'>,
  q: { type: number; pageNo: number; pageSize: number; search?: string; now: Date },
  cappedTerms?: CappedTerms,
): Promise<{ records: NoticeSummary[]; total: number; totalCapped: boolean }> {
  const term = q.search ? q.search.toLowerCase() : '';
  const key = `${q.type}|${term}`;
  const clock = Date.now();
  const knownCapped = Array.from(term).length > 2 && (cappedTerms?.has(key, clock) ?? false);
  const sql = 'SELECT notice_list($1::smallint, $2::text, $3::int, $4::int, $5::timestamptz, $6::int, $7::boolean) AS page';
  const params = [q.type, q.search || null, q.pageSize, (q.pageNo - 1) * q.pageSize, q.now, NOTICE_TOTAL_CAP, knownCapped];
  // A search on the connections kept for what the public can make expensive (db.ts).
  const rows = q.search ? await db.searchQuery<{ page: string }>(sql, params) : await db.query<{ page: string }>(sql, params);
  const page = JSON.parse(rows[0]!.page) as { records: NoticeSummary[]; total: number; totalCapped: boolean };
  if (page.totalCapped && !knownCapped && Array.from(term).length > 2) cappedTerms?.add(key, clock);
  return page;
}

/** The rest of a notice, kept as one document; its questions are rows of their own (migration 022). */
export type NoticeBody = Omit<NoticeDetail, keyof NoticeSummary | 'questionsCloseAt' | 'questions'>;

export async function findNotice(db: Queryable, id: string): Promise<NoticeDetail | null> {
  // Ids are bigints; anything else cannot exist and must not reach the database as a cast error.
  if (!/^\d{1,18}$/.test(id)) return null;
  const rows = await db.query<SummaryRow & { detail: NoticeBody }>(
    `SELECT ${SUMMARY_COLUMNS}, d.detail FROM notices n JOIN notice_details d ON d.notice_id = n.id WHERE n.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const summary = toSummary(row);
  return {
    ...summary,
    ...row.detail,
    questionsCloseAt: await questionsCloseAtOf(db, summary),
    questions: await publicQuestionsOf(db, summary.id),
  };
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
    [
      n.bindOrPurchase,
      n.tenderNo,
      n.title,
      n.issuingUnit,
      n.projectAddress,
      n.registrationCount,
      n.cutoffTime,
      n.publishedAt,
      JSON.stringify(n.detail),
    ],
  );
  return rows[0]!.id;
}

export async function countAllNotices(db: Queryable): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notices'))[0]?.n ?? 0;
}

/** A notice by its tender number (how an operator names one); `lock` holds its row. */
export async function findNoticeByTenderNo(db: Queryable, tenderNo: string, lock = false): Promise<NoticeSummary | null> {
  const rows = await db.query<SummaryRow>(`SELECT ${SUMMARY_COLUMNS} FROM notices WHERE tender_no = $1${lock ? ' FOR UPDATE' : ''}`, [
    tenderNo,
  ]);
  return rows[0] ? toSummary(rows[0]) : null;
}

export async function tenderNoExists(db: Queryable, tenderNo: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM notices WHERE tender_no = $1', [tenderNo])).length > 0;
}

/** Moves a notice's cut-off time (a buyer closing it early). */
export async function setCutoffTime(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('UPDATE notices SET cutoff_time = $2 WHERE id = $1', [id, at]);
}
