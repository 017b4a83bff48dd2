import type { EnquiryBusinessStatus } from '../../contract/enquiry-values';
import type { FileRef } from '../../contract/schemas/common';
import type { Queryable } from './db';
import { messageEnquirySuppliers } from './message-repo';

/**
 * Writes of enquiries (migration 006). Callers hold the enquiry row locked and have checked the
 * transition (contract/enquiry-values.ts: quoteBlock, bargaining for new rounds and closing);
 * these only write. Decimals go in as the exact texts they arrived as. Sending an enquiry and
 * opening a round write each invited supplier's message with them (message-repo.ts).
 */

export interface NewEnquiryLine {
  materialNo: string;
  name: string;
  specification: string;
  unit: string;
  brand: string;
  quantity: string;
  expectedPrice: string | null;
  packageSpecification: string;
}

export interface NewEnquiry {
  enquiryNo: string;
  theme: string;
  currency: string;
  priceIncludesTax: boolean;
  effectiveTime: Date;
  expiryTime: Date;
  remark: string;
  vatType: string;
  warrantyPeriod: string;
  warrantyMethod: string;
  transportType: string;
  deliveryDate: string;
  invoiceType: string;
  paymentType: string;
  deliveryType: string;
  unloadingMethod: string;
  lines: NewEnquiryLine[];
  supplierIds: string[];
  promoter: string;
  /** Round 1's deadline. */
  deadline: Date;
}

/** An enquiry sent to its suppliers: header, lines numbered from 1, invitations and round 1. */
export async function insertEnquiry(db: Queryable, e: NewEnquiry, now: Date): Promise<{ id: string }> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO enquiries (enquiry_no, theme, currency, price_includes_tax, effective_time, expiry_time, remark, vat_type, warranty_period,
                            warranty_method, transport_type, delivery_date, invoice_type, payment_type, delivery_type, unloading_method,
                            business_status, round, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::date, $13, $14, $15, $16, 'bargaining', 1, $17, $17)
     RETURNING id::text AS id`,
    [
      e.enquiryNo,
      e.theme,
      e.currency,
      e.priceIncludesTax,
      e.effectiveTime,
      e.expiryTime,
      e.remark,
      e.vatType,
      e.warrantyPeriod,
      e.warrantyMethod,
      e.transportType,
      e.deliveryDate,
      e.invoiceType,
      e.paymentType,
      e.deliveryType,
      e.unloadingMethod,
      now,
    ],
  );
  const id = row!.id;
  for (const [i, l] of e.lines.entries()) {
    await db.query(
      `INSERT INTO enquiry_lines (enquiry_id, line_no, material_no, name, specification, unit, brand, quantity, expected_price, package_specification)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::numeric, $9::numeric, $10)`,
      [id, i + 1, l.materialNo, l.name, l.specification, l.unit, l.brand, l.quantity, l.expectedPrice, l.packageSpecification],
    );
  }
  for (const supplierId of e.supplierIds) {
    await db.query('INSERT INTO enquiry_suppliers (enquiry_id, supplier_id, invited_at) VALUES ($1, $2, $3)', [id, supplierId, now]);
  }
  await db.query('INSERT INTO enquiry_rounds (enquiry_id, round, promoter, opened_at, deadline) VALUES ($1, 1, $2, $3, $4)', [
    id,
    e.promoter,
    now,
    e.deadline,
  ]);
  await messageEnquirySuppliers(db, 'enquiryNew', id, 1, now);
  return { id };
}

/** Line ids of an enquiry by material no. */
export async function lineIdsByMaterial(db: Queryable, enquiryId: string): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; material_no: string }>(
    'SELECT id::text AS id, material_no FROM enquiry_lines WHERE enquiry_id = $1',
    [enquiryId],
  );
  return new Map(rows.map((r) => [r.material_no, r.id]));
}

/** Target prices of a round, by line id. */
export async function setTargetPrices(
  db: Queryable,
  enquiryId: string,
  round: number,
  targets: ReadonlyMap<string, string>,
): Promise<void> {
  for (const [lineId, price] of targets) {
    await db.query('INSERT INTO enquiry_target_prices (enquiry_id, round, line_id, price) VALUES ($1, $2, $3, $4::numeric)', [
      enquiryId,
      round,
      lineId,
      price,
    ]);
  }
}

/** Round `round` (the next one) opens: the one before it closes, waiting quotes for it are refused. */
export async function openRound(
  db: Queryable,
  enquiryId: string,
  r: { round: number; promoter: string; deadline: Date; targets: ReadonlyMap<string, string> },
  now: Date,
): Promise<void> {
  await db.query('INSERT INTO enquiry_rounds (enquiry_id, round, promoter, opened_at, deadline) VALUES ($1, $2, $3, $4, $5)', [
    enquiryId,
    r.round,
    r.promoter,
    now,
    r.deadline,
  ]);
  await setTargetPrices(db, enquiryId, r.round, r.targets);
  await db.query('UPDATE enquiries SET round = $2, updated_at = $3 WHERE id = $1', [enquiryId, r.round, now]);
  await messageEnquirySuppliers(db, 'roundOpened', enquiryId, r.round, now);
}

/** bargaining -> awarded / notAwarded / cancelled. */
export async function closeEnquiry(
  db: Queryable,
  enquiryId: string,
  status: Exclude<EnquiryBusinessStatus, 'bargaining'>,
  now: Date,
): Promise<void> {
  await db.query('UPDATE enquiries SET business_status = $2, closed_at = $3, updated_at = $3 WHERE id = $1', [enquiryId, status, now]);
}

export interface NewQuote {
  enquiryId: string;
  supplierId: string;
  round: number;
  currency: string;
  taxIncluded: boolean;
  deliveryDate: string;
  remark: string;
  total: string;
  letter: FileRef | null;
  lines: ReadonlyArray<{ lineId: string; price: string }>;
}

/**
 * The supplier's quote for a round with its lines. False when it quoted in that round already
 * (the table's key decides, even for a write that did not hold the lock).
 */
export async function insertQuote(db: Queryable, q: NewQuote, now: Date): Promise<boolean> {
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO enquiry_quotes (enquiry_id, supplier_id, round, currency, tax_included, delivery_date, remark, total, letter, submitted_at)
     VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8::numeric, $9, $10)
     ON CONFLICT (enquiry_id, supplier_id, round) DO NOTHING RETURNING id::text AS id`,
    [
      q.enquiryId,
      q.supplierId,
      q.round,
      q.currency,
      q.taxIncluded,
      q.deliveryDate,
      q.remark,
      q.total,
      q.letter ? JSON.stringify(q.letter) : null,
      now,
    ],
  );
  const id = inserted[0]?.id;
  if (!id) return false;
  // One statement for every line: a quote may have thousands.
  await db.query(
    `INSERT INTO enquiry_quote_lines (quote_id, line_id, price)
     SELECT $1, l.line_id::uuid, l.price::numeric FROM unnest($2::text[], $3::text[]) AS l(line_id, price)`,
    [id, q.lines.map((l) => l.lineId), q.lines.map((l) => l.price)],
  );
  return true;
}
