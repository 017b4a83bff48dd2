import { isOpenTo, MENU_KEYS, SUPPLIER_STATUSES } from '@contract/status-rules';
import { describe, expect, it } from 'vitest';
import { canAccess, menuKeyOf } from '@/api/access';
import { MENU, visibleMenu } from './menu';

describe('platform menu', () => {
  it('keeps the order of SPEC.md and hides what the status does not allow', () => {
    expect(visibleMenu('A104').map((e) => e.to)).toEqual([
      '/platform/home',
      '/platform/tenderManagement',
      '/platform/bargaining',
      '/platform/communicateRecord',
      '/platform/visitorApplyNew',
      '/platform/supplierInfoManagement',
      '/platform/modifyPassword',
    ]);
    expect(visibleMenu('A101').map((e) => e.key)).toEqual(['home', 'visitorApplyNew', 'supplierInfoManagement', 'modifyPassword']);
    expect(visibleMenu('A141').map((e) => e.key)).toEqual([
      'home',
      'tenderManagement',
      'bargaining',
      'visitorApplyNew',
      'supplierInfoManagement',
      'modifyPassword',
    ]);
  });

  it('finds the menu key of a path', () => {
    expect(menuKeyOf('/platform/tenderManagement')).toBe('tenderManagement');
    expect(menuKeyOf('/platform/bargaining/123')).toBe('bargaining');
    expect(menuKeyOf('/platform')).toBeNull();
    expect(menuKeyOf('/platform/unknown')).toBeNull();
  });

  // The same table is walked against the bid service's checks in server/status-rules.test.ts.
  it.each([...SUPPLIER_STATUSES, null, 'A999'])(
    'shows %s the entries the status rule opens, and the guard lets it open exactly those',
    (status) => {
      expect(MENU.map((entry) => entry.key)).toEqual([...MENU_KEYS]);
      expect(visibleMenu(status).map((entry) => entry.key)).toEqual(MENU_KEYS.filter((key) => isOpenTo(key, status)));
      for (const entry of MENU) {
        // The guard gates an address by the menu key of its path, then by canAccess.
        expect(menuKeyOf(`${entry.to}/some-record`)).toBe(entry.key);
        expect(canAccess(entry.key, status)).toBe(isOpenTo(entry.key, status));
      }
    },
  );
});
