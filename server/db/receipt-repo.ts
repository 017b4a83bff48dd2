import type { Receipt, ReceiptFile, ReceiptKind } from '../../contract/schemas/receipt';
import type { Queryable } from './db';

/** A receipt as kept (migration 020): what it was for, and the receipt itself. */
export interface StoredReceipt {
  kind: ReceiptKind;
  recordId: string;
  partId: string | null;
  round: number | null;
  version: number | null;
  receipt: Receipt;
}

export async function insertReceipt(
  db: Queryable,
  r: Omit<StoredReceipt, 'receipt'> & { supplierId: string; receivedAt: Date; receipt: Receipt },
): Promise<void> {
  await db.query(
    `INSERT INTO receipts (kind, record_id, part_id, supplier_id, received_at, round, version, jws, files)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
    [r.kind, r.recordId, r.partId, r.supplierId, r.receivedAt, r.round, r.version, r.receipt.jws, JSON.stringify(r.receipt.files)],
  );
}

/** The receipts of a record, in the order they were issued. */
export async function receiptsOf(db: Queryable, recordId: string): Promise<StoredReceipt[]> {
  const rows = await db.query<{
    kind: ReceiptKind;
    part_id: string | null;
    round: number | null;
    version: number | null;
    jws: string;
    files: ReceiptFile[];
  }>('SELECT kind, part_id, round, version, jws, files FROM receipts WHERE record_id = $1 ORDER BY id', [recordId]);
  return rows.map((r) => ({
    kind: r.kind,
    recordId,
    partId: r.part_id,
    round: r.round,
    version: r.version,
    receipt: { jws: r.jws, files: r.files },
  }));
}
