import type { Receipt, ReceiptClaims, ReceiptFile } from '@contract/schemas/receipt';
import type { LoginResponse } from '@contract/schemas/supplier';
import { HttpResponse } from 'msw';

/** MSW path prefix for every bid-service call, whatever the origin. */
export const bidService = '*/bid-web/bid-service';

/** An E000 envelope. */
export const ok = (data: unknown) => HttpResponse.json({ code: 'E000', message: 'ok', data });

/** What `/supplier/login` answers, valid for an hour. */
export function loginAnswer(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    username: 'acme',
    oauthToken: 'tok-1',
    tokenExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    supplierId: 's1',
    supplierCode: 'SUP001',
    supplierCodeMain: 'SUP001',
    status: 'A104',
    userInfo: { supplierName: '示例纸业', contactName: '李四', supplierRoleType: 'supplier' },
    ...overrides,
  };
}

/**
 * A receipt as the bid service gives it, with these claims (the signature is not a real one:
 * screens read the claims, the check is the bid service's and /verify's business).
 */
export function receiptFixture(claims: Partial<ReceiptClaims> & Pick<ReceiptClaims, 'kind'>, files: ReceiptFile[] = []): Receipt {
  const b64 = (text: string) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(text)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  const full: ReceiptClaims = {
    v: 1,
    recordId: 'r1',
    recordNo: 'ZB2026110001',
    supplierId: 's104',
    supplierName: '江苏恒通纸业有限公司',
    receivedAt: '2026-11-20T02:30:00.000Z',
    fileCount: files.length,
    filesDigest: 'A'.repeat(43),
    ...claims,
  };
  return {
    jws: `${b64(JSON.stringify({ alg: 'EdDSA', typ: 'supplier-portal-receipt+jws' }))}.${b64(JSON.stringify(full))}.${'s'.repeat(86)}`,
    files,
  };
}
