import { describe, expect, it } from 'vitest';
import { menuBadges, platformTitle } from './menu';

describe('menu badges and title', () => {
  it('puts each area count of the home on its menu entry, and none for zero', () => {
    expect(menuBadges({ tenders: 3, enquiries: 0, communication: 1, visits: 2, unreadMessages: 9 })).toEqual({
      tenderManagement: 3,
      communicateRecord: 1,
      visitorApplyNew: 2,
    });
    expect(menuBadges(undefined)).toEqual({});
  });

  it('leads the title with the unread messages', () => {
    expect(platformTitle('首页', 3, '供应商门户')).toBe('(3) 首页 - 供应商门户');
    expect(platformTitle('首页', 0, '供应商门户')).toBe('首页 - 供应商门户');
    expect(platformTitle(null, 2, 'Supplier Portal')).toBe('(2) Supplier Portal');
  });
});
