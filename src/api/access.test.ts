import { describe, expect, it } from 'vitest';
import { canAccess, MENU_KEYS, type MenuKey } from './access';

/** SPEC.md section 2, entry by entry. */
const expected: Record<string, Record<MenuKey, boolean>> = {
  A101: {
    home: true,
    tenderManagement: false,
    bargaining: false,
    communicateRecord: false,
    visitorApplyNew: true,
    supplierInfoManagement: true,
    modifyPassword: true,
  },
  A104: {
    home: true,
    tenderManagement: true,
    bargaining: true,
    communicateRecord: true,
    visitorApplyNew: true,
    supplierInfoManagement: true,
    modifyPassword: true,
  },
  A141: {
    home: true,
    tenderManagement: true,
    bargaining: true,
    communicateRecord: false,
    visitorApplyNew: true,
    supplierInfoManagement: true,
    modifyPassword: true,
  },
};

describe('canAccess', () => {
  for (const [status, table] of Object.entries(expected)) {
    it.each(MENU_KEYS.map((key) => [key, table[key]] as const))(`${status}: %s -> %s`, (key, allowed) => {
      expect(canAccess(key, status)).toBe(allowed);
    });
  }

  it('an unknown or missing status gets only what needs no status', () => {
    for (const status of [undefined, null, 'A999']) {
      expect(canAccess('tenderManagement', status)).toBe(false);
      expect(canAccess('communicateRecord', status)).toBe(false);
      expect(canAccess('bargaining', status)).toBe(true);
      expect(canAccess('home', status)).toBe(true);
    }
  });
});
