import { readClaims } from '@contract/receipt-claims';
import type { Receipt, ReceiptClaims } from '@contract/schemas/receipt';
import { kvEntries, openPortalDb, type OutboxEntry, type OwnerKey } from './db';

/**
 * The receipts on this device (docs/decisions/receipts.md): every receipt the bid service gave
 * for what a supplier submitted from here, kept with the outbox entry's removal in one
 * transaction, and every receipt a record's screen showed. Kept apart from the persisted query
 * cache, which ages out and is wiped at logout: a receipt is the supplier's proof, kept like its
 * unsent work, and shown only under its owner's session. Small records in the `kv` store, keyed
 * `receipt:<owner>|<received at>|<hash of the receipt>` so that they read back in the order received.
 */
export interface KeptReceipt {
  receipt: Receipt;
  /** What the outbox entry that was answered with it said of itself (/pending shows it); null when a record's screen kept it. */
  summary: string | null;
  keptAt: number;
}

export interface KvRecord {
  key: string;
  value: unknown;
}

const PREFIX = 'receipt:';
const ownerPrefix = (owner: OwnerKey) => `${PREFIX}${owner}|`;

/** A short, stable name of a receipt for its key (FNV-1a, 32 bits, hex): two receipts received the same instant stay apart. */
function nameOf(jws: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < jws.length; i++) hash = Math.imul(hash ^ jws.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function recordOf(owner: OwnerKey, receipt: Receipt, claims: ReceiptClaims, summary: string | null, now: number): KvRecord {
  const value: KeptReceipt = { receipt, summary, keptAt: now };
  return { key: `${ownerPrefix(owner)}${claims.receivedAt}|${nameOf(receipt.jws)}`, value };
}

/** Every receipt in an answer of the bid service (a record's `receipts`, a quote's or message's `receipt`), with its claims. */
export function receiptsIn(answer: unknown, depth = 0): { receipt: Receipt; claims: ReceiptClaims }[] {
  if (!answer || typeof answer !== 'object' || depth > 4) return [];
  if (Array.isArray(answer)) return answer.flatMap((item) => receiptsIn(item, depth + 1));
  const candidate = answer as Partial<Receipt>;
  if (typeof candidate.jws === 'string' && Array.isArray(candidate.files)) {
    const claims = readClaims(candidate.jws);
    return claims ? [{ receipt: { jws: candidate.jws, files: candidate.files }, claims }] : [];
  }
  return Object.values(answer).flatMap((value) => receiptsIn(value, depth + 1));
}

/**
 * The records to keep once an outbox entry was answered: every receipt of the answer, the act's
 * own (the newest received) named by the entry's summary. Written in the transaction that
 * removes the entry (`removeEntry`), so a sent write never leaves the device without its receipt.
 */
export function receiptRecordsOfSent(entry: OutboxEntry, answer: unknown, now = Date.now()): KvRecord[] {
  if (!entry.owner.startsWith('supplier:')) return [];
  const found = receiptsIn(answer);
  const newest = found.reduce<string>((latest, { claims }) => (claims.receivedAt > latest ? claims.receivedAt : latest), '');
  return found.map(({ receipt, claims }) =>
    recordOf(entry.owner, receipt, claims, claims.receivedAt === newest ? entry.summary : null, now),
  );
}

/** Keeps receipts a screen shows (a record's, sent from this device or another); one kept already keeps what it had. */
export async function keepReceipts(owner: OwnerKey, receipts: readonly Receipt[], now = Date.now()): Promise<void> {
  const records = receiptsIn(receipts).map(({ receipt, claims }) => recordOf(owner, receipt, claims, null, now));
  if (records.length === 0) return;
  const tx = (await openPortalDb()).transaction('kv', 'readwrite');
  const kept = await Promise.all(records.map(({ key }) => tx.store.getKey(key)));
  await Promise.all([...records.filter((_, i) => kept[i] === undefined).map(({ key, value }) => tx.store.put(value, key)), tx.done]);
}

/** The owner's kept receipts, the newest received first. */
export async function keptReceipts(owner: OwnerKey): Promise<KeptReceipt[]> {
  return (await kvEntries<KeptReceipt>(ownerPrefix(owner))).map(({ value }) => value).reverse();
}
