import { compactVerify, decodeProtectedHeader, type CryptoKey, type KeyObject } from 'jose';
import { receiptClaims, receiptFilesJson, type ReceiptCheck, type ReceiptClaims, type ReceiptFile } from './schemas/receipt';

/**
 * How a receipt is checked (docs/decisions/receipts.md), the same on the bid service
 * (`/receipt/check`, node:crypto keys) and in the browser (the /verify page, WebCrypto keys from
 * the published JWK Set): the header names this format and a key of the service, the Ed25519
 * signature holds, the claims are of this format, and, when the list of files is given, its
 * canonical JSON has the digest the claims sign.
 */

/** The JWS header's `typ` of a receipt (RFC 7515 section 4.1.9). */
export const RECEIPT_TYP = 'supplier-portal-receipt+jws';

export interface ReceiptCheckDeps {
  /** The key a `kid` names, current or retired; undefined when it is none of the service's. */
  keyFor(kid: string): Promise<CryptoKey | KeyObject | undefined> | CryptoKey | KeyObject | undefined;
  /** base64url of the SHA-256 of a text. */
  sha256(text: string): Promise<string> | string;
}

const refused = (problem: NonNullable<ReceiptCheck['problem']>, claims: ReceiptClaims | null = null): ReceiptCheck => ({
  valid: false,
  problem,
  claims,
  filesChecked: false,
});

/** base64url of the SHA-256 of the files' canonical JSON: what a receipt's claims sign for its list of files. */
export const filesDigestWith = (sha256: ReceiptCheckDeps['sha256'], files: readonly ReceiptFile[]) => sha256(receiptFilesJson(files));

export async function checkReceipt(deps: ReceiptCheckDeps, jws: string, files?: readonly ReceiptFile[]): Promise<ReceiptCheck> {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jws);
    if (header.alg !== 'EdDSA' || header.typ !== RECEIPT_TYP) return refused('malformed');
    kid = header.kid;
  } catch {
    return refused('malformed');
  }
  const key = kid === undefined ? undefined : await deps.keyFor(kid);
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
  if (files.length !== claims.fileCount || (await filesDigestWith(deps.sha256, files)) !== claims.filesDigest)
    return refused('filesDiffer', claims);
  return { valid: true, problem: null, claims, filesChecked: true };
}
