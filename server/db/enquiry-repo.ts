import {
  replyStatusOf,
  roundStatusOf,
  type EnquiryBusinessStatus,
  type EnquiryDetail,
  type EnquiryLine,
  type EnquiryQuote,
  type EnquiryRound,
  type EnquirySummary,
  type ReplyStatus,
} from '../../contract/schemas/enquiry';
import type { Queryable } from './db';

/**
 * Reads of enquiries (migration 006) as one invited supplier sees them: its reply status, its
 * quotes and prices, never another supplier's. Decimals are read as text (`::text`), so no price
 * passes through a float. Reply and round statuses follow contract/enquiry-values.ts with the
 * bid service's clock.
 */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isEnquiryId = (id: string) => UUID_RE.test(id);

export const iso = (d: Date | string) => new Date(d).toISOString();

interface SummaryRow {
  id: string;
  enquiry_no: string;
  theme: string;
  business_status: EnquiryBusinessStatus;
  round: number;
  currency: string;
  created_at: Date;
  updated_at: Date;
  deadline: Date;
  replied: boolean;
}

/**
 * The enquiries of supplier $1 with the current round's deadline and whether it quoted in that
 * round. Its "last update" is the buyer's last change or its own last quote, whichever is later
 * (another supplier's quote moves nothing here). `reply_status` is replyStatusOf in SQL at
 * time $2, for the list's filter; the answer is computed by replyStatusOf itself.
 */
const SUMMARY_SELECT = `
  SELECT e.id::text AS id, e.enquiry_no, e.theme, e.business_status, e.round, e.currency, e.created_at,
         GREATEST(e.updated_at, mine.last_quote) AS updated_at, r.deadline, (cur.id IS NOT NULL) AS replied,
         CASE WHEN cur.id IS NOT NULL THEN 'replied'
              WHEN e.business_status <> 'bargaining' OR r.deadline <= $2 THEN 'missed'
              ELSE 'pending' END AS reply_status
    FROM enquiry_suppliers s
    JOIN enquiries e ON e.id = s.enquiry_id
    JOIN enquiry_rounds r ON r.enquiry_id = e.id AND r.round = e.round
    LEFT JOIN enquiry_quotes cur ON cur.enquiry_id = e.id AND cur.supplier_id = s.supplier_id AND cur.round = e.round
    LEFT JOIN LATERAL (SELECT max(q.submitted_at) AS last_quote FROM enquiry_quotes q WHERE q.enquiry_id = e.id AND q.supplier_id = s.supplier_id) mine ON true
   WHERE s.supplier_id = $1`;

function toSummary(r: SummaryRow, now: Date): EnquirySummary {
  const deadline = iso(r.deadline);
  return {
    id: r.id,
    enquiryNo: r.enquiry_no,
    theme: r.theme,
    replyStatus: replyStatusOf({ businessStatus: r.business_status, deadline, repliedThisRound: r.replied }, now.getTime()),
    businessStatus: r.business_status,
    round: r.round,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    deadline,
    currency: r.currency,
  };
}

/** `%` and `_` in a search term are taken literally. */
const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of a supplier's enquiries, latest update first. A search is a case-insensitive
 * substring of the enquiry no or the theme (a supplier is invited to few enquiries).
 */
export async function listEnquiriesFor(
  db: Queryable,
  q: {
    supplierId: string;
    replyStatus?: ReplyStatus;
    businessStatus?: EnquiryBusinessStatus;
    search?: string;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
): Promise<{ records: EnquirySummary[]; total: number }> {
  const where = `($3::text IS NULL OR x.reply_status = $3) AND ($4::text IS NULL OR x.business_status = $4)
    AND ($5::text IS NULL OR lower(x.enquiry_no) LIKE $5 OR lower(x.theme) LIKE $5)`;
  const params = [q.supplierId, now, q.replyStatus ?? null, q.businessStatus ?? null, q.search ? likePattern(q.search) : null];
  const rows = await db.query<SummaryRow>(
    `SELECT * FROM (${SUMMARY_SELECT}) x WHERE ${where} ORDER BY x.updated_at DESC, x.created_at DESC, x.id DESC LIMIT $6 OFFSET $7`,
    [...params, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  const totals = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${SUMMARY_SELECT}) x WHERE ${where}`, params);
  return { records: rows.map((r) => toSummary(r, now)), total: totals[0]?.n ?? 0 };
}

/** What a write needs of an enquiry a supplier is invited to. */
export interface EnquiryState {
  id: string;
  enquiryNo: string;
  businessStatus: EnquiryBusinessStatus;
  round: number;
  deadline: string;
  replyStatus: ReplyStatus;
}

/**
 * The enquiry `id` if `supplierId` is invited to it, else null (unknown, malformed and not
 * invited look the same). `lock` holds the enquiry row until the transaction ends, so quotes,
 * new rounds and closing happen one at a time per enquiry.
 */
export async function findEnquiryFor(db: Queryable, id: string, supplierId: string, now: Date, lock = false): Promise<EnquiryState | null> {
  if (!isEnquiryId(id)) return null;
  if (lock && !(await db.query('SELECT id FROM enquiries WHERE id = $1 FOR UPDATE', [id])).length) return null;
  const rows = await db.query<SummaryRow>(`${SUMMARY_SELECT} AND e.id = $3`, [supplierId, now, id]);
  const r = rows[0];
  if (!r) return null;
  const summary = toSummary(r, now);
  return {
    id: r.id,
    enquiryNo: r.enquiry_no,
    businessStatus: r.business_status,
    round: r.round,
    deadline: summary.deadline,
    replyStatus: summary.replyStatus,
  };
}

/**
 * The parts of an enquiry as JSON (migration 015: enquiry_lines_json, enquiry_rounds_json,
 * enquiry_quotes_json), so that a detail is read in one statement (enquiryDetailFor) and the
 * operator's reads come from the very same SQL. Decimals are text; times are made ISO 8601 here
 * (JSON carries the session's offset).
 */
const linesJson = (enquiry: string, supplier: string, round: string) => `enquiry_lines_json(${enquiry}, ${supplier}, ${round})`;
const roundsJson = (enquiry: string) => `enquiry_rounds_json(${enquiry})`;
const quotesJson = (enquiry: string, supplier: string) => `enquiry_quotes_json(${enquiry}, ${supplier})`;

/** A JSON column as the driver gives it: parsed already (node-postgres, PGlite) or text. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

interface RoundJson {
  round: number;
  promoter: string;
  openedAt: string;
  deadline: string;
}

const toRounds = (rows: RoundJson[], enquiry: { businessStatus: EnquiryBusinessStatus; round: number }, now: Date): EnquiryRound[] =>
  rows.map((r) => {
    const deadline = iso(r.deadline);
    return {
      round: r.round,
      promoter: r.promoter,
      openedAt: iso(r.openedAt),
      deadline,
      status: roundStatusOf({ round: r.round, deadline }, enquiry, now.getTime()),
    };
  });

export interface StoredQuote extends EnquiryQuote {
  supplierId: string;
}

const toQuotes = (rows: StoredQuote[]): StoredQuote[] => rows.map((q) => ({ ...q, submittedAt: iso(q.submittedAt) }));

/** The lines as `supplierId` sees them in `round` (targets of that round, its own prices). */
export async function linesOf(db: Queryable, enquiryId: string, round: number, supplierId: string | null): Promise<EnquiryLine[]> {
  const rows = await db.query<{ lines: unknown }>(`SELECT ${linesJson('$1::uuid', '$2::uuid', '$3::int')} AS lines`, [
    enquiryId,
    supplierId,
    round,
  ]);
  return fromJson<EnquiryLine[]>(rows[0]!.lines);
}

export async function roundsOf(
  db: Queryable,
  enquiry: { id: string; businessStatus: EnquiryBusinessStatus; round: number },
  now: Date,
): Promise<EnquiryRound[]> {
  const rows = await db.query<{ rounds: unknown }>(`SELECT ${roundsJson('$1::uuid')} AS rounds`, [enquiry.id]);
  return toRounds(fromJson<RoundJson[]>(rows[0]!.rounds), enquiry, now);
}

/** Quotes of an enquiry, oldest round first, of one supplier or (null) of all, lines in line order. */
export async function quotesOf(db: Queryable, enquiryId: string, supplierId: string | null): Promise<StoredQuote[]> {
  const rows = await db.query<{ quotes: unknown }>(`SELECT ${quotesJson('$1::uuid', '$2::uuid')} AS quotes`, [enquiryId, supplierId]);
  return toQuotes(fromJson<StoredQuote[]>(rows[0]!.quotes));
}

export interface EnquiryDetailRow extends SummaryRow {
  /** enquiries.version (migration 017) when it was read: moved by every change to what it holds. */
  version: string;
  price_includes_tax: boolean;
  effective_time: Date;
  expiry_time: Date;
  remark: string;
  vat_type: string;
  warranty_period: string;
  warranty_method: string;
  transport_type: string;
  delivery_date: string;
  invoice_type: string;
  payment_type: string;
  delivery_type: string;
  unloading_method: string;
  lines: unknown;
  rounds: unknown;
  quotes: unknown;
}

/**
 * An enquiry's version (migration 017) if `supplierId` is invited to it, else null: one row by
 * its keys, so that a detail read before at the same version can be given again.
 */
export async function enquiryVersionFor(db: Queryable, id: string, supplierId: string): Promise<string | null> {
  if (!isEnquiryId(id)) return null;
  const rows = await db.query<{ version: string }>(
    'SELECT e.version::text AS version FROM enquiry_suppliers s JOIN enquiries e ON e.id = s.enquiry_id WHERE s.enquiry_id = $1 AND s.supplier_id = $2',
    [id, supplierId],
  );
  return rows[0]?.version ?? null;
}

/**
 * What a detail is made of as `supplierId` sees it, or null when it is not invited: one
 * statement. Nothing in it depends on the time; `detailOf` adds what does.
 */
export async function enquiryDetailRowFor(db: Queryable, id: string, supplierId: string, now: Date): Promise<EnquiryDetailRow | null> {
  if (!isEnquiryId(id)) return null;
  const rows = await db.query<EnquiryDetailRow>(
    `SELECT x.*, e.version::text AS version, e.price_includes_tax, e.effective_time, e.expiry_time, e.remark, e.vat_type, e.warranty_period, e.warranty_method, e.transport_type,
            to_char(e.delivery_date, 'YYYY-MM-DD') AS delivery_date, e.invoice_type, e.payment_type, e.delivery_type, e.unloading_method,
            ${linesJson('e.id', '$1::uuid', 'x.round')} AS lines, ${roundsJson('e.id')} AS rounds, ${quotesJson('e.id', '$1::uuid')} AS quotes
       FROM (${SUMMARY_SELECT} AND e.id = $3) x JOIN enquiries e ON e.id = $3`,
    [supplierId, now, id],
  );
  return rows[0] ?? null;
}

/** The detail of a row at time `now` (reply and round statuses, the bid service's clock). */
export function detailOf(r: EnquiryDetailRow, now: Date): EnquiryDetail {
  const summary = toSummary(r, now);
  return {
    ...summary,
    priceIncludesTax: r.price_includes_tax,
    effectiveTime: iso(r.effective_time),
    expiryTime: iso(r.expiry_time),
    remark: r.remark,
    vatType: r.vat_type,
    warrantyPeriod: r.warranty_period,
    warrantyMethod: r.warranty_method,
    transportType: r.transport_type,
    deliveryDate: r.delivery_date,
    invoiceType: r.invoice_type,
    paymentType: r.payment_type,
    deliveryType: r.delivery_type,
    unloadingMethod: r.unloading_method,
    lines: fromJson<EnquiryLine[]>(r.lines),
    rounds: toRounds(fromJson<RoundJson[]>(r.rounds), summary, now),
    quotes: toQuotes(fromJson<StoredQuote[]>(r.quotes)).map(({ supplierId: _s, ...quote }) => quote),
    serverTime: now.toISOString(),
  };
}

/** The enquiry as `supplierId` sees it now, or null when it is not invited: one statement. */
export async function enquiryDetailFor(db: Queryable, id: string, supplierId: string, now: Date): Promise<EnquiryDetail | null> {
  const row = await enquiryDetailRowFor(db, id, supplierId, now);
  return row ? detailOf(row, now) : null;
}
