import type { ReceiptClaims } from './schemas/receipt';

/** What was submitted: each kind is one act of SPEC.md with its own receipt. */
export const RECEIPT_KINDS = [
  'bid',
  'bidWithdrawal',
  'deposit',
  'refund',
  'quote',
  'visitApplication',
  'communication',
  'reply',
  'question',
] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

/**
 * The claims a receipt states, read without checking its signature: what a screen shows of a
 * receipt the bid service gave it. Whether it holds is the check's business (`/receipt/check`,
 * the /verify page). Null when it is not a receipt of this format. Without zod: the screens
 * that show receipts load no schemas.
 */
export function readClaims(jws: string): ReceiptClaims | null {
  const payload = jws.split('.')[1];
  if (!payload) return null;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<ReceiptClaims> | null;
    if (
      !claims ||
      claims.v !== 1 ||
      !RECEIPT_KINDS.includes(claims.kind as ReceiptKind) ||
      typeof claims.recordId !== 'string' ||
      typeof claims.receivedAt !== 'string' ||
      typeof claims.fileCount !== 'number'
    )
      return null;
    return claims as ReceiptClaims;
  } catch {
    return null;
  }
}
