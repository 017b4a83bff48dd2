import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ReceiptFile } from '../../contract/schemas/receipt';
import { loadReceiptKeys, receiptKeyDir, rotateReceiptKey } from '../security/receipt-keys';
import { createReceipts, filesDigest, RECEIPT_TYP } from './receipts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-keys-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const files: ReceiptFile[] = [
  { field: 'bidDocuments', name: '投标文件.pdf', size: 1_234_567, sha256: 'a'.repeat(64) },
  { field: 'billOfMaterials', name: 'bom.xlsx', size: 2048, sha256: '0123456789abcdef'.repeat(4) },
];
const claims = {
  kind: 'bid' as const,
  recordId: '6d1e2fd9-21e5-44b1-adec-ff0482d2dc0c',
  recordNo: 'ZB2026110001',
  supplierId: 'S104',
  supplierName: '江苏恒通纸业有限公司',
  receivedAt: '2026-11-28T07:30:00.000Z',
  version: 1,
};
const b64 = (part: string) => Buffer.from(part, 'base64url');

describe('receipt keys', () => {
  it('makes a signing key in DATA_DIR on the first start, readable by the service alone, and keeps it', async () => {
    const dir = dataDir();
    const first = await loadReceiptKeys(dir);
    const file = join(receiptKeyDir(dir), 'signing.pem');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toContain('BEGIN PRIVATE KEY');
    const again = await loadReceiptKeys(dir);
    expect(again.signing.kid).toBe(first.signing.kid);
    expect(first.keySet.keys).toEqual([
      expect.objectContaining({ kid: first.signing.kid, crv: 'Ed25519', alg: 'EdDSA', status: 'current' }),
    ]);
  });

  it('signs with RECEIPT_KEY when given, and refuses a key that is not Ed25519', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const a = await loadReceiptKeys(dataDir(), pem);
    const b = await loadReceiptKeys(dataDir(), pem);
    expect(a.signing.kid).toBe(b.signing.kid);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    await expect(loadReceiptKeys(dataDir(), rsa)).rejects.toThrow(/RECEIPT_KEY must be an Ed25519 key/);
  });

  it('rotates: a new key signs from the next start, and what the retired key signed still checks', async () => {
    const dir = dataDir();
    const before = createReceipts(await loadReceiptKeys(dir));
    const old = await before.sign(claims, files);
    const rotation = await rotateReceiptKey(dir);
    expect(rotation.retired).toBe(before.keySet.keys[0]!.kid);
    expect(rotation.receiptKey).toBeUndefined();
    const keys = await loadReceiptKeys(dir);
    expect(keys.keySet.keys.map((k) => [k.kid, k.status])).toEqual([
      [rotation.current, 'current'],
      [rotation.retired, 'retired'],
    ]);
    const after = createReceipts(keys);
    expect(await after.check(old.jws, old.files)).toMatchObject({ valid: true, filesChecked: true });
    const fresh = await after.sign(claims, files);
    expect(JSON.parse(b64(fresh.jws.split('.')[0]!).toString()).kid).toBe(rotation.current);
    expect(statSync(join(receiptKeyDir(dir), 'signing.pem')).mode & 0o777).toBe(0o600);
  });

  it('with RECEIPT_KEY, rotating answers the new key to set and keeps the old one’s public half in the folder', async () => {
    const dir = dataDir();
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const before = createReceipts(await loadReceiptKeys(dir, pem));
    const old = await before.sign(claims, files);
    const rotation = await rotateReceiptKey(dir, pem);
    expect(rotation.receiptKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const after = createReceipts(await loadReceiptKeys(dir, rotation.receiptKey));
    expect(after.keySet.keys.map((k) => k.kid)).toEqual([rotation.current, rotation.retired]);
    expect(await after.check(old.jws)).toMatchObject({ valid: true });
  });
});

describe('receipts', async () => {
  const keys = await loadReceiptKeys(dataDir());
  const receipts = createReceipts(keys);

  it('signs the claims with Ed25519 as a compact JWS that node:crypto checks with the published key', async () => {
    const { jws, files: listed } = await receipts.sign(claims, files);
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    expect(JSON.parse(b64(header).toString())).toEqual({ alg: 'EdDSA', kid: keys.signing.kid, typ: RECEIPT_TYP });
    expect(JSON.parse(b64(payload).toString())).toEqual({ v: 1, ...claims, fileCount: 2, filesDigest: filesDigest(files) });
    expect(listed).toEqual(files);
    const published = keys.keySet.keys[0]!;
    const key = createPublicKey({ key: { kty: published.kty, crv: published.crv, x: published.x }, format: 'jwk' });
    expect(verify(null, Buffer.from(`${header}.${payload}`), key, b64(signature))).toBe(true);
  });

  it('checks a receipt: its signature alone, or with its files', async () => {
    const { jws } = await receipts.sign(claims, files);
    expect(await receipts.check(jws)).toEqual({ valid: true, problem: null, claims: expect.objectContaining(claims), filesChecked: false });
    expect(await receipts.check(jws, files)).toMatchObject({ valid: true, filesChecked: true });
  });

  it('refuses a receipt whose claims, signature or list of files were altered, or that another key signed', async () => {
    const { jws } = await receipts.sign(claims, files);
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    const later = Buffer.from(JSON.stringify({ ...JSON.parse(b64(payload).toString()), receivedAt: '2026-11-27T07:30:00.000Z' })).toString(
      'base64url',
    );
    expect(await receipts.check(`${header}.${later}.${signature}`)).toMatchObject({ valid: false, problem: 'badSignature', claims: null });
    const flipped = b64(signature);
    flipped[0] = flipped[0]! ^ 1;
    expect(await receipts.check(`${header}.${payload}.${flipped.toString('base64url')}`)).toMatchObject({ problem: 'badSignature' });
    const swapped = [files[0]!, { ...files[1]!, sha256: 'b'.repeat(64) }];
    expect(await receipts.check(jws, swapped)).toMatchObject({
      valid: false,
      problem: 'filesDiffer',
      claims: expect.objectContaining(claims),
    });
    expect(await receipts.check(jws, files.slice(0, 1))).toMatchObject({ problem: 'filesDiffer' });
    const other = createReceipts(await loadReceiptKeys(dataDir()));
    expect(await receipts.check((await other.sign(claims, files)).jws)).toMatchObject({ valid: false, problem: 'unknownKey' });
    expect(await receipts.check('not a receipt')).toMatchObject({ valid: false, problem: 'malformed' });
  });
});
