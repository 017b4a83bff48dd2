import { z } from '../zod';
import { requiredText, text } from '../rules';
import { sha256Hex } from './common';
import { RECEIPT_KINDS } from '../receipt-claims';

/**
 * A receipt: the bid service's signed statement that it received a submission, and when
 * (docs/decisions/receipts.md). It has two parts:
 *
 * - `jws`: a JWS in compact form (RFC 7515), signed with Ed25519 (`alg` EdDSA, RFC 8037) by the
 *   bid service's receipt key, whose `kid` is the key's JWK thumbprint (RFC 7638). Its payload is
 *   a `ReceiptClaims`: small enough for a QR code, whatever the number of files.
 * - `files`: what was received, file by file, with each file's SHA-256. Not signed itself: the
 *   claims carry `filesDigest`, the SHA-256 of the list's canonical JSON (`receiptFilesJson`),
 *   so a list that differs from the one signed fails the check.
 */

export type { ReceiptKind } from '../receipt-claims';

export const receiptFile = z.object({
  /** The field it was sent in: 'bidDocuments', 'certificates.0.files', 'remittanceSlip'... */
  field: text().max(200),
  name: text().max(255),
  size: z.number().int().nonnegative(),
  sha256: sha256Hex,
});
export type ReceiptFile = z.infer<typeof receiptFile>;

export const receiptClaims = z.object({
  /** The receipt format; a checker refuses one it does not know. */
  v: z.literal(1),
  kind: z.enum(RECEIPT_KINDS),
  /** The record the submission belongs to (a tender record, an enquiry, a thread, an application). */
  recordId: z.string(),
  /** Its number as the supplier sees it (ZB…, XJ…, FS…), or null where it has none yet. */
  recordNo: z.string().nullable(),
  supplierId: z.string(),
  supplierName: z.string(),
  /** The bid service's clock when the submission was written (ISO 8601, UTC). */
  receivedAt: z.iso.datetime(),
  /** The enquiry's round for a quote; the bid's version for a bid or its withdrawal. */
  round: z.number().int().positive().optional(),
  version: z.number().int().positive().optional(),
  fileCount: z.number().int().nonnegative(),
  /** base64url of the SHA-256 of `receiptFilesJson(files)`. */
  filesDigest: z.string().regex(/^[\w-]{43}$/),
});
export type ReceiptClaims = z.infer<typeof receiptClaims>;

export const receipt = z.object({
  jws: z.string(),
  files: z.array(receiptFile),
});
export type Receipt = z.infer<typeof receipt>;

/**
 * The canonical JSON of a receipt's files, which `filesDigest` hashes: the list in its order,
 * each file's members in the order field, name, size, sha256, no spaces.
 */
export function receiptFilesJson(files: readonly ReceiptFile[]): string {
  return JSON.stringify(files.map(({ field, name, size, sha256 }) => ({ field, name, size, sha256 })));
}

/** The receipt keys, current and retired, as a JWK Set (RFC 7517): anyone can check a receipt with them. */
export const receiptKey = z.object({
  kty: z.literal('OKP'),
  crv: z.literal('Ed25519'),
  x: z.string(),
  kid: z.string(),
  alg: z.literal('EdDSA'),
  use: z.literal('sig'),
  /** Whether the service signs with it now; a retired key still checks the receipts it signed. */
  status: z.enum(['current', 'retired']),
});
export const receiptKeySet = z.object({ keys: z.array(receiptKey) });
export type ReceiptKeySet = z.infer<typeof receiptKeySet>;

export const receiptCheckRequest = z.object({
  /** The compact JWS, as printed, shown or scanned from its QR. */
  jws: requiredText(8192),
  /** The receipt's list of files, to be checked against its digest; without it only the signature is checked. */
  files: z.array(receiptFile).max(500).optional(),
});

/** Why a receipt does not check: not a receipt, not signed by a key of this service, or its list of files altered. */
export const RECEIPT_PROBLEMS = ['malformed', 'unknownKey', 'badSignature', 'filesDiffer'] as const;

export const receiptCheckResponse = z.object({
  valid: z.boolean(),
  problem: z.enum(RECEIPT_PROBLEMS).nullable(),
  /** The signed claims, when the signature checks. */
  claims: receiptClaims.nullable(),
  /** Whether the list of files was given and matches the signed digest. */
  filesChecked: z.boolean(),
});
export type ReceiptCheck = z.infer<typeof receiptCheckResponse>;
