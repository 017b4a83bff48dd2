import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ReceiptCheck, ReceiptFile, ReceiptKeySet } from '../../../contract/schemas/receipt';
import { build } from '../../test/helper';

const t = await build();
const files: ReceiptFile[] = [{ field: 'remittanceSlip', name: '汇款凭证.pdf', size: 52_311, sha256: 'c'.repeat(64) }];
const signed = await t.app.services.receipts.sign(
  {
    kind: 'deposit',
    recordId: '6d1e2fd9-21e5-44b1-adec-ff0482d2dc0c',
    recordNo: 'ZB2026110001',
    supplierId: 'S104',
    supplierName: '江苏恒通纸业有限公司',
    receivedAt: '2026-11-28T07:30:00.000Z',
  },
  files,
);

describe('receipt calls', () => {
  it('publish the receipt keys to anyone, without a token: a receipt checks with them in node:crypto', async () => {
    const res = await t.get<ReceiptKeySet>('/receipt/keys');
    expect(res.code).toBe('E000');
    const [key] = res.data.keys;
    expect(key).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig', status: 'current' });
    const [header, payload, signature] = signed.jws.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString()).kid).toBe(key!.kid);
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key!.x }, format: 'jwk' });
    expect(verify(null, Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
  });

  it('publish the same keys in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/bid-web/bid-service/openapi.json' })).json<Record<string, unknown>>();
    expect(doc['x-receipt-keys']).toEqual(t.app.services.receipts.keySet);
  });

  it('check a receipt for anyone: valid with its claims, and refused once its files or its signature were altered', async () => {
    const ok = await t.post<ReceiptCheck>('/receipt/check', { jws: signed.jws, files });
    expect(ok.data).toMatchObject({
      valid: true,
      problem: null,
      filesChecked: true,
      claims: { kind: 'deposit', recordNo: 'ZB2026110001' },
    });
    const altered = await t.post<ReceiptCheck>('/receipt/check', { jws: signed.jws, files: [{ ...files[0]!, size: 52_312 }] });
    expect(altered.data).toMatchObject({ valid: false, problem: 'filesDiffer' });
    const [header, payload] = signed.jws.split('.');
    const forged = await t.post<ReceiptCheck>('/receipt/check', { jws: `${header}.${payload}.${'A'.repeat(86)}` });
    expect(forged.data).toMatchObject({ valid: false, problem: 'badSignature', claims: null });
  });

  it('refuse a check without a receipt, or with a file whose hash is not SHA-256 hex, field by field (E400)', async () => {
    const empty = await t.post('/receipt/check', { jws: '  ' });
    expect(empty.code).toBe('E400');
    expect(empty.data).toEqual([expect.objectContaining({ field: 'jws' })]);
    const badHash = await t.post('/receipt/check', { jws: signed.jws, files: [{ ...files[0]!, sha256: 'not-a-hash' }] });
    expect(badHash.code).toBe('E400');
    expect(badHash.data).toEqual([expect.objectContaining({ field: 'files.0.sha256' })]);
  });
});
