import { createHash } from 'node:crypto';
import { CompactSign, compactVerify, decodeProtectedHeader } from 'jose';
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

/** The JWS header's `typ` of a receipt (RFC 7515 section 4.1.9). */
export const RECEIPT_TYP = 'supplier-portal-receipt+jws';

/** base64url of the SHA-256 of the files' canonical JSON: what a receipt's claims sign for its list of files. */
export const filesDigest = (files: readonly ReceiptFile[]): string =>
  createHash('sha256').update(receiptFilesJson(files)).digest('base64url');

export interface Receipts {
  /** Signs a receipt for what was received: the claims (less the files' count and digest, worked out here) and the files. */
  sign(claims: Omit<ReceiptClaims, 'v' | 'fileCount' | 'filesDigest'>, files: readonly ReceiptFile[]): Promise<Receipt>;
  /** Whether a receipt was signed by one of this service's keys and, when its files are given, whether they are the ones signed. */
  check(jws: string, files?: readonly ReceiptFile[]): Promise<ReceiptCheck>;
  /** The keys a receipt may be checked with, published for anyone (`/receipt/keys`, the OpenAPI document). */
  keySet: ReceiptKeySet;
}

const refused = (problem: NonNullable<ReceiptCheck['problem']>, claims: ReceiptClaims | null = null): ReceiptCheck => ({
  valid: false,
  problem,
  claims,
  filesChecked: false,
});

export function createReceipts(keys: ReceiptKeyring): Receipts {
  async function sign(claims: Omit<ReceiptClaims, 'v' | 'fileCount' | 'filesDigest'>, files: readonly ReceiptFile[]): Promise<Receipt> {
    const payload: ReceiptClaims = { v: 1, ...claims, fileCount: files.length, filesDigest: filesDigest(files) };
    const jws = await new CompactSign(new TextEncoder().encode(JSON.stringify(receiptClaims.parse(payload))))
      .setProtectedHeader({ alg: 'EdDSA', kid: keys.signing.kid, typ: RECEIPT_TYP })
      .sign(keys.signing.key);
    return { jws, files: files.map((file) => ({ ...file })) };
  }

  async function check(jws: string, files?: readonly ReceiptFile[]): Promise<ReceiptCheck> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(jws);
      if (header.alg !== 'EdDSA' || header.typ !== RECEIPT_TYP) return refused('malformed');
      kid = header.kid;
    } catch {
      return refused('malformed');
    }
    const key = kid === undefined ? undefined : keys.verifying.get(kid);
    if (!key) return refused('unknownKey');
    let payload: Uint8Array;
    try {
      ({ payload } = await compactVerify(jws, key, { algorithms: ['EdDSA'] }));
    } catch {
      return refused('badSignature');
    }
    let parsed: ReturnType<typeof receiptClaims.safeParse>;
    try {
      parsed = receiptClaims.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    } catch {
      return refused('malformed');
    }
    if (!parsed.success) return refused('malformed');
    const claims = parsed.data;
    if (files === undefined) return { valid: true, problem: null, claims, filesChecked: false };
    if (files.length !== claims.fileCount || filesDigest(files) !== claims.filesDigest) return refused('filesDiffer', claims);
    return { valid: true, problem: null, claims, filesChecked: true };
  }

  return { sign, check, keySet: keys.keySet };
}
