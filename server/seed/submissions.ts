import type { FileRef } from '../../contract/schemas/common';
import type { Tx } from '../db/db';
import { insertFile } from '../db/file-repo';
import { mimeOf } from '../files/mime';
import type { FileStorage } from '../files/storage';
import { downloadUrl } from '../services/file-refs';
import { issueReceipt, type Act } from '../services/receipt-issue';
import type { Receipts } from '../services/receipts';

/**
 * A file of the demo stored as an upload is: its bytes under a new key, its row with the size
 * and SHA-256 of those bytes (`files.sha256`), owned by `ownerSupplierId`.
 */
export async function storeDemoFile(
  db: Tx,
  storage: FileStorage,
  ownerSupplierId: string,
  name: string,
  bytes: Buffer,
  at: Date,
): Promise<FileRef> {
  const key = storage.newKey('u', name, at);
  const { size, sha256 } = await storage.writeBytes(key, bytes);
  await insertFile(db, { storageKey: key, ownerSupplierId, public: false, originalName: name, size, sha256, mime: mimeOf(key) }, at);
  return { name, url: downloadUrl(key), path: key };
}

/**
 * The receipt a demo submission's call would have issued (`act.at`: when the demo says it was
 * written). None without a signer: a seed given no keys (the benches) leaves its acts without.
 */
export async function demoReceipt(db: Tx, storage: FileStorage, receipts: Receipts | undefined, act: Act): Promise<void> {
  if (receipts) await issueReceipt(db, { receipts, storage }, act);
}
