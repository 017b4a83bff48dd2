import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { receiptFilesJson, type Receipt, type ReceiptClaims, type ReceiptKeySet } from '../../contract/schemas/receipt';
import type { TestApp } from './helper';

/**
 * Checks receipts the way anyone outside could: the signature with the keys the bid service
 * publishes and node:crypto alone (no jose), the list of files against the signed digest, and
 * each file's SHA-256 against the bytes the service stored under the path the record gives.
 */
export async function receiptChecker(t: TestApp) {
  const { keys } = (await t.get<ReceiptKeySet>('/receipt/keys')).data;

  /** The claims of a receipt that checks; fails the test otherwise. `paths`: field → stored key, for the files' bytes. */
  async function checked(receipt: Receipt, paths: Record<string, string> = {}): Promise<ReceiptClaims> {
    const [header, payload, signature] = receipt.jws.split('.') as [string, string, string];
    const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
    const key = keys.find((k) => k.kid === kid);
    expect(key, 'signed with a published key').toBeDefined();
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key!.x }, format: 'jwk' });
    expect(verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as ReceiptClaims;
    expect(createHash('sha256').update(receiptFilesJson(receipt.files)).digest('base64url')).toBe(claims.filesDigest);
    expect(claims.fileCount).toBe(receipt.files.length);
    for (const file of receipt.files) {
      const path = paths[file.field];
      expect(path, `the stored key of ${file.field}`).toBeDefined();
      const bytes = await readFile(t.app.services.storage.pathOf(path!));
      expect({ field: file.field, size: file.size, sha256: file.sha256 }).toEqual({
        field: file.field,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      });
    }
    return claims;
  }

  return { checked };
}
