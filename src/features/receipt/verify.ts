import { calls } from '@contract/calls';
import { checkReceipt } from '@contract/receipt-check';
import { receipt as receiptSchema, type ReceiptCheck, type ReceiptFile, type ReceiptKeySet } from '@contract/schemas/receipt';
import { importJWK } from 'jose';
import { request } from '@/api/request';
import { sha256OfBlob } from '@/offline/file-digest';

/**
 * The /verify page's check, in the browser (docs/decisions/receipts.md): the same rule as the bid
 * service's `/receipt/check` (`contract/receipt-check.ts`), with the published keys imported into
 * WebCrypto (Ed25519) and the SHA-256 of WebCrypto. Offline it runs on the keys the service
 * worker kept from their last read (a public read: `src/offline/public-store.ts`).
 */

/** What a person gives the page: the receipt's code alone (pasted, or the QR's /verify link), or its file with the list of files. */
export interface ReceiptInput {
  jws: string;
  files?: ReceiptFile[];
}

/**
 * Reads a receipt from text: a receipt file's JSON (`{ jws, files }`), a /verify link (the QR:
 * the code in its fragment), or the code itself, spaces and line breaks ignored. Null for
 * nothing; what is not a receipt is left for the check to call malformed.
 */
export function readReceiptText(text: string): ReceiptInput | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  if (trimmed.startsWith('{')) {
    try {
      const parsed = receiptSchema.safeParse(JSON.parse(trimmed));
      return parsed.success ? { jws: parsed.data.jws, files: parsed.data.files } : { jws: trimmed };
    } catch {
      return { jws: trimmed };
    }
  }
  const fragment = trimmed.lastIndexOf('#');
  return { jws: (fragment >= 0 ? trimmed.slice(fragment + 1) : trimmed).replace(/\s+/g, '') };
}

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

const sha256 = async (text: string) => base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** The published keys, from the bid service or, offline, as the device last read them; null when neither is there. */
async function readKeys(): Promise<ReceiptKeySet | null> {
  try {
    return await request(calls.receiptKeys, {}, { suppressError: true, background: true });
  } catch {
    return null;
  }
}

export type VerifyResult = ReceiptCheck | { valid: false; problem: 'noKeys'; claims: null; filesChecked: false };

/** Checks a receipt against the published keys, in this browser. */
export async function verifyReceipt(input: ReceiptInput): Promise<VerifyResult> {
  const keys = await readKeys();
  if (!keys) return { valid: false, problem: 'noKeys', claims: null, filesChecked: false };
  return checkReceipt(
    {
      keyFor: async (kid) => {
        const jwk = keys.keys.find((key) => key.kid === kid);
        return jwk ? ((await importJWK({ kty: jwk.kty, crv: jwk.crv, x: jwk.x }, 'EdDSA')) as CryptoKey) : undefined;
      },
      sha256,
    },
    input.jws,
    input.files,
  );
}

/** A file the person chose, matched by its SHA-256 against the receipt's list: the entry it is, or null when the receipt holds no such bytes. */
export interface FileMatch {
  name: string;
  sha256: string;
  match: ReceiptFile | null;
}

/** Hashes each chosen file (a slice at a time: a 50 MB bid document is not read whole) and finds it in the receipt's list. */
export async function matchFiles(chosen: readonly File[], listed: readonly ReceiptFile[]): Promise<FileMatch[]> {
  const matches: FileMatch[] = [];
  for (const file of chosen) {
    const digest = await sha256OfBlob(file);
    matches.push({ name: file.name, sha256: digest, match: listed.find((entry) => entry.sha256 === digest) ?? null });
  }
  return matches;
}
