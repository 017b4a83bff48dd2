import type { EnquiryBusinessStatus } from '../../contract/schemas/enquiry';
import type { Queryable } from './db';
import { isEnquiryId, iso } from './enquiry-repo';

/**
 * Reads of enquiries for the buyer's side (the operator CLI): every supplier, by id or enquiry
 * no; the supplier's view is enquiry-repo.ts.
 */

/** An enquiry as the buyer sees it (operators): by id or enquiry no. */
export interface BuyerEnquiry {
  id: string;
  enquiryNo: string;
  theme: string;
  currency: string;
  businessStatus: EnquiryBusinessStatus;
  round: number;
  deadline: string;
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  suppliers: Array<{ supplierId: string; username: string; supplierName: string }>;
}

export async function findEnquiryForBuyer(
  db: Queryable,
  q: { id?: string; enquiryNo?: string },
  lock = false,
): Promise<BuyerEnquiry | null> {
  if (q.id !== undefined && !isEnquiryId(q.id)) return null;
  const found = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM enquiries WHERE ($1::uuid IS NULL OR id = $1) AND ($2::text IS NULL OR enquiry_no = $2) ${lock ? 'FOR UPDATE' : ''}`,
    [q.id ?? null, q.enquiryNo ?? null],
  );
  if (!found[0]) return null;
  return (await listEnquiriesForBuyer(db, found[0].id))[0] ?? null;
}

/** Every enquiry (or one), newest first, with its invited suppliers. */
export async function listEnquiriesForBuyer(db: Queryable, id: string | null = null): Promise<BuyerEnquiry[]> {
  const rows = await db.query<{
    id: string;
    enquiry_no: string;
    theme: string;
    currency: string;
    business_status: EnquiryBusinessStatus;
    round: number;
    deadline: Date;
    created_at: Date;
    updated_at: Date;
    closed_at: Date | null;
    suppliers: BuyerEnquiry['suppliers'];
  }>(
    `SELECT e.id::text AS id, e.enquiry_no, e.theme, e.currency, e.business_status, e.round, r.deadline, e.created_at, e.updated_at, e.closed_at,
            coalesce((SELECT json_agg(json_build_object('supplierId', s.id::text, 'username', s.username, 'supplierName', s.profile ->> 'supplierName') ORDER BY s.username)
                        FROM enquiry_suppliers es JOIN suppliers s ON s.id = es.supplier_id WHERE es.enquiry_id = e.id), '[]'::json) AS suppliers
       FROM enquiries e JOIN enquiry_rounds r ON r.enquiry_id = e.id AND r.round = e.round
      WHERE ($1::uuid IS NULL OR e.id = $1)
      ORDER BY e.created_at DESC, e.enquiry_no DESC`,
    [id],
  );
  return rows.map((r) => ({
    id: r.id,
    enquiryNo: r.enquiry_no,
    theme: r.theme,
    currency: r.currency,
    businessStatus: r.business_status,
    round: r.round,
    deadline: iso(r.deadline),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    closedAt: r.closed_at ? iso(r.closed_at) : null,
    suppliers: r.suppliers,
  }));
}

export async function enquiryNoExists(db: Queryable, enquiryNo: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM enquiries WHERE enquiry_no = $1', [enquiryNo])).length > 0;
}

/** Target prices of every round of an enquiry: round -> line id -> price. */
export async function targetPricesOf(db: Queryable, enquiryId: string): Promise<Map<number, Map<string, string>>> {
  const rows = await db.query<{ round: number; line_id: string; price: string }>(
    'SELECT round, line_id::text AS line_id, price::text AS price FROM enquiry_target_prices WHERE enquiry_id = $1',
    [enquiryId],
  );
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) out.set(r.round, (out.get(r.round) ?? new Map<string, string>()).set(r.line_id, r.price));
  return out;
}
