import type { SupplierSession } from '@/api/session';

/**
 * Unit-test helper (only test files import it): the platform route context's session, as the guard
 * builds it after a login with `loginAnswer()` (src/test/fixtures.ts).
 */
export function supplierSession(overrides: Partial<SupplierSession> = {}): SupplierSession {
  return {
    supplierId: 's1',
    supplierCode: 'SUP001',
    supplierName: '示例纸业',
    contactName: '李四',
    username: 'acme',
    status: 'A104',
    ...overrides,
  };
}
