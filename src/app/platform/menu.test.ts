import { describe, expect, it } from 'vitest';
import { menuKeyOf } from '@/api/access';
import { visibleMenu } from './menu';

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
    expect(visibleMenu('A141').map((e) => e.key)).toEqual(['home', 'tenderManagement', 'bargaining', 'visitorApplyNew', 'supplierInfoManagement', 'modifyPassword']);
  });

  it('finds the menu key of a path', () => {
    expect(menuKeyOf('/platform/tenderManagement')).toBe('tenderManagement');
    expect(menuKeyOf('/platform/bargaining/123')).toBe('bargaining');
    expect(menuKeyOf('/platform')).toBeNull();
    expect(menuKeyOf('/platform/unknown')).toBeNull();
  });
});
