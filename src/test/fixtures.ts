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
