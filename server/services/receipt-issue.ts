import type { FileRef } from '../../contract/schemas/common';
import type { Receipt, ReceiptKind } from '../../contract/schemas/receipt';
import type { Queryable } from '../db/db';
import { digestOf, findFilesByKeys } from '../db/file-repo';
import { insertReceipt } from '../db/receipt-repo';
import type { FileStorage } from '../files/storage';
import type { Receipts } from './receipts';

/** One act a supplier submitted, as its receipt states it. */
export interface Act {
  kind: ReceiptKind;
  /** The record the act belongs to, and its number as the supplier sees it (null where it has none). */
  recordId: string;
  recordNo: string | null;
  /** The part of the record it wrote, where a record has several (a reply). */
  partId?: string;
  round?: number;
  version?: number;
  /** Its files, each named by the field it was sent in (`named` in file-refs.ts). */
  files: Array<[string, FileRef]>;
  supplier: { supplierId: string; supplierName: string };
  /** The bid service's clock when the act was written. */
  at: Date;
}

/**
 * Signs the receipt of an act and keeps it with the record, in the act's own transaction: an
 * act is never written without its receipt, nor a receipt without its act. The files' sizes and
 * SHA-256 are those of the stored bytes (`files.sha256`), never what the client said.
 */
export async function issueReceipt(db: Queryable, services: { receipts: Receipts; storage: FileStorage }, act: Act): Promise<Receipt> {
  const stored = new Map(
    (
      await findFilesByKeys(
        db,
        act.files.map(([, ref]) => ref.path),
      )
    ).map((f) => [f.storageKey, f]),
  );
  const files = [];
  for (const [field, ref] of act.files) {
    const file = stored.get(ref.path)!;
    files.push({ field, name: ref.name, size: file.size, sha256: await digestOf(db, services.storage, file) });
  }
  const receipt = await services.receipts.sign(
    {
      kind: act.kind,
      recordId: act.recordId,
      recordNo: act.recordNo,
      supplierId: act.supplier.supplierId,
      supplierName: act.supplier.supplierName,
      receivedAt: act.at.toISOString(),
      ...(act.round !== undefined && { round: act.round }),
      ...(act.version !== undefined && { version: act.version }),
    },
    files,
  );
  await insertReceipt(db, {
    kind: act.kind,
    recordId: act.recordId,
    partId: act.partId ?? null,
    round: act.round ?? null,
    version: act.version ?? null,
    supplierId: act.supplier.supplierId,
    receivedAt: act.at,
    receipt,
  });
  return receipt;
}
