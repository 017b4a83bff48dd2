import { createHash } from 'node:crypto';
import { CompactSign } from 'jose';
import { checkReceipt, RECEIPT_TYP } from '../../contract/receipt-check';
import {
  receiptClaims,
  receiptFilesJson,
  type Receipt,
  type ReceiptCheck,
  type ReceiptClaims,
  type ReceiptFile,
  type ReceiptKeySet,
} from '../../contract/schemas/receipt';
import type { ReceiptKeyring } from '../security/receipt-keys';

export { RECEIPT_TYP } from '../../contract/receipt-check';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('base64url');

/** base64url of the SHA-256 of the files' canonical JSON: what a receipt's claims sign for its list of files. */
export const filesDigest = (files: readonly ReceiptFile[]): string => sha256(receiptFilesJson(files));

export interface Receipts {
  /** Signs a receipt for what was received: the claims (less the files' count and digest, worked out here) and the files. */
  sign(claims: Omit<ReceiptClaims, 'v' | 'fileCount' | 'filesDigest'>, files: readonly ReceiptFile[]): Promise<Receipt>;
  /** Whether a receipt was signed by one of this service's keys and, when its files are given, whether they are the ones signed. */
  check(jws: string, files?: readonly ReceiptFile[]): Promise<ReceiptCheck>;
  /** The keys a receipt may be checked with, published for anyone (`/receipt/keys`, the OpenAPI document). */
  keySet: ReceiptKeySet;
}

export function createReceipts(keys: ReceiptKeyring): Receipts {
  async function sign(claims: Omit<ReceiptClaims, 'v' | 'fileCount' | 'filesDigest'>, files: readonly ReceiptFile[]): Promise<Receipt> {
    const payload: ReceiptClaims = { v: 1, ...claims, fileCount: files.length, filesDigest: filesDigest(files) };
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(receiptClaims.parse(payload))))
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.signing.kid, typ: RECEIPT_TYP })
      .sign(keys.signing.key);
    return { jws, files: files.map((file) => ({ ...file })) };
  }

  const check = (jws: string, files?: readonly ReceiptFile[]): Promise<ReceiptCheck> =>
    checkReceipt({ keyFor: (kid) => keys.verifying.get(kid), sha256 }, jws, files);

  return { sign, check, keySet: keys.keySet };
}
