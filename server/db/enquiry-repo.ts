import type { FileRef } from '../../contract/schemas/common';
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
  q: { supplierId: string; replyStatus?: ReplyStatus; businessStatus?: EnquiryBusinessStatus; search?: string; pageNo: number; pageSize: number },
  now: Date,
): Promise<{ records: EnquirySummary[]; total: number }> {
  const where = `($3::text IS NULL OR x.reply_status = $3) AND ($4::text IS NULL OR x.business_status = $4)
    AND ($5::text IS NULL OR lower(x.enquiry_no) LIKE $5 OR lower(x.theme) LIKE $5)`;
  const params = [q.supplierId, now, q.replyStatus ?? null, q.businessStatus ?? null, q.search ? likePattern(q.search) : null];
  const rows = await db.query<SummaryRow>(`SELECT * FROM (${SUMMARY_SELECT}) x WHERE ${where} ORDER BY x.updated_at DESC, x.created_at DESC, x.id DESC LIMIT $6 OFFSET $7`, [
    ...params,
    q.pageSize,
    (q.pageNo - 1) * q.pageSize,
  ]);
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
  return { id: r.id, enquiryNo: r.enquiry_no, businessStatus: r.business_status, round: r.round, deadline: summary.deadline, replyStatus: summary.replyStatus };
}

interface HeaderRow {
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
}

interface LineRow {
  id: string;
  line_no: number;
  material_no: string;
  name: string;
  specification: string;
  unit: string;
  brand: string;
  quantity: string;
  expected_price: string | null;
  target_price: string | null;
  latest_quotation: string | null;
  reply_price: string | null;
  package_specification: string;
}

/** The lines of an enquiry with round $3's targets and supplier $2's prices (none for $2 = null). */
const LINES_SELECT = `
  SELECT l.id::text AS id, l.line_no, l.material_no, l.name, l.specification, l.unit, l.brand,
         l.quantity::text AS quantity, l.expected_price::text AS expected_price, t.price::text AS target_price,
         (SELECT ql.price::text FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id
           WHERE ql.line_id = l.id AND q.supplier_id = $2 AND q.round < $3 ORDER BY q.round DESC LIMIT 1) AS latest_quotation,
         (SELECT ql.price::text FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id
           WHERE ql.line_id = l.id AND q.supplier_id = $2 AND q.round = $3) AS reply_price,
         l.package_specification
    FROM enquiry_lines l
    LEFT JOIN enquiry_target_prices t ON t.enquiry_id = l.enquiry_id AND t.round = $3 AND t.line_id = l.id
   WHERE l.enquiry_id = $1
   ORDER BY l.line_no`;

const toLine = (r: LineRow): EnquiryLine => ({
  id: r.id,
  lineNo: r.line_no,
  materialNo: r.material_no,
  name: r.name,
  specification: r.specification,
  unit: r.unit,
  brand: r.brand,
  quantity: r.quantity,
  expectedPrice: r.expected_price,
  targetPrice: r.target_price,
  latestQuotation: r.latest_quotation,
  replyPrice: r.reply_price,
  packageSpecification: r.package_specification,
});

/** The lines as `supplierId` sees them in `round` (targets of that round, its own prices). */
export async function linesOf(db: Queryable, enquiryId: string, round: number, supplierId: string | null): Promise<EnquiryLine[]> {
  return (await db.query<LineRow>(LINES_SELECT, [enquiryId, supplierId, round])).map(toLine);
}

export async function roundsOf(db: Queryable, enquiry: { id: string; businessStatus: EnquiryBusinessStatus; round: number }, now: Date): Promise<EnquiryRound[]> {
  const rows = await db.query<{ round: number; promoter: string; opened_at: Date; deadline: Date }>(
    'SELECT round, promoter, opened_at, deadline FROM enquiry_rounds WHERE enquiry_id = $1 ORDER BY round',
    [enquiry.id],
  );
  return rows.map((r) => {
    const deadline = iso(r.deadline);
    return { round: r.round, promoter: r.promoter, openedAt: iso(r.opened_at), deadline, status: roundStatusOf({ round: r.round, deadline }, enquiry, now.getTime()) };
  });
}

export interface StoredQuote extends EnquiryQuote {
  supplierId: string;
}

/** Quotes of an enquiry, oldest round first, of one supplier or (null) of all, lines in line order. */
export async function quotesOf(db: Queryable, enquiryId: string, supplierId: string | null): Promise<StoredQuote[]> {
  const quotes = await db.query<{
    id: string;
    supplier_id: string;
    round: number;
    submitted_at: Date;
    currency: string;
    tax_included: boolean;
    delivery_date: string;
    remark: string;
    total: string;
    letter: FileRef | null;
  }>(
    `SELECT q.id::text AS id, q.supplier_id::text AS supplier_id, q.round, q.submitted_at, q.currency, q.tax_included,
            to_char(q.delivery_date, 'YYYY-MM-DD') AS delivery_date, q.remark, q.total::text AS total, q.letter
       FROM enquiry_quotes q WHERE q.enquiry_id = $1 AND ($2::uuid IS NULL OR q.supplier_id = $2)
      ORDER BY q.round, q.submitted_at, q.id`,
    [enquiryId, supplierId],
  );
  const lines = await db.query<{ quote_id: string; line_id: string; price: string }>(
    `SELECT ql.quote_id::text AS quote_id, ql.line_id::text AS line_id, ql.price::text AS price
       FROM enquiry_quote_lines ql JOIN enquiry_quotes q ON q.id = ql.quote_id JOIN enquiry_lines l ON l.id = ql.line_id
      WHERE q.enquiry_id = $1 AND ($2::uuid IS NULL OR q.supplier_id = $2)
      ORDER BY l.line_no`,
    [enquiryId, supplierId],
  );
  const byQuote = new Map<string, Array<{ lineId: string; price: string }>>();
  for (const l of lines) {
    const list = byQuote.get(l.quote_id) ?? [];
    list.push({ lineId: l.line_id, price: l.price });
    byQuote.set(l.quote_id, list);
  }
  return quotes.map((q) => ({
    supplierId: q.supplier_id,
    round: q.round,
    submittedAt: iso(q.submitted_at),
    currency: q.currency,
    taxIncluded: q.tax_included,
    deliveryDate: q.delivery_date,
    remark: q.remark,
    total: q.total,
    lines: byQuote.get(q.id) ?? [],
    letter: q.letter,
  }));
}

/** The enquiry as `supplierId` sees it now, or null when it is not invited. */
export async function enquiryDetailFor(db: Queryable, id: string, supplierId: string, now: Date): Promise<EnquiryDetail | null> {
  if (!isEnquiryId(id)) return null;
  const rows = await db.query<SummaryRow>(`${SUMMARY_SELECT} AND e.id = $3`, [supplierId, now, id]);
  const r = rows[0];
  if (!r) return null;
  const summary = toSummary(r, now);
  const header = (
    await db.query<HeaderRow>(
      `SELECT price_includes_tax, effective_time, expiry_time, remark, vat_type, warranty_period, warranty_method, transport_type,
              to_char(delivery_date, 'YYYY-MM-DD') AS delivery_date, invoice_type, payment_type, delivery_type, unloading_method
         FROM enquiries WHERE id = $1`,
      [id],
    )
  )[0]!;
  const quotes = (await quotesOf(db, id, supplierId)).map(({ supplierId: _s, ...quote }) => quote);
  return {
    ...summary,
    priceIncludesTax: header.price_includes_tax,
    effectiveTime: iso(header.effective_time),
    expiryTime: iso(header.expiry_time),
    remark: header.remark,
    vatType: header.vat_type,
    warrantyPeriod: header.warranty_period,
    warrantyMethod: header.warranty_method,
    transportType: header.transport_type,
    deliveryDate: header.delivery_date,
    invoiceType: header.invoice_type,
    paymentType: header.payment_type,
    deliveryType: header.delivery_type,
    unloadingMethod: header.unloading_method,
    lines: await linesOf(db, id, r.round, supplierId),
    rounds: await roundsOf(db, summary, now),
    quotes,
    serverTime: now.toISOString(),
  };
}
