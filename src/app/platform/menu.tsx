import type { HomeCounts } from '@contract/schemas/home';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { canAccess, type MenuKey } from '@/api/access';

export interface MenuEntry {
  key: MenuKey;
  to:
    | '/platform/home'
    | '/platform/tenderManagement'
    | '/platform/bargaining'
    | '/platform/communicateRecord'
    | '/platform/visitorApplyNew'
    | '/platform/supplierInfoManagement'
    | '/platform/modifyPassword';
  title: MessageDescriptor;
  icon: ReactNode;
}

const svg = (children: ReactNode) => (
  <svg
    width="20"
    height="20"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.7"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    {children}
  </svg>
);

/** The logged-in menu in its fixed order (SPEC.md section 2). */
export const MENU: MenuEntry[] = [
  {
    key: 'home',
    to: '/platform/home',
    title: msg`首页`,
    icon: svg(<path d="M3.5 10.5 12 4l8.5 6.5V20a1 1 0 0 1-1 1H15v-6H9v6H4.5a1 1 0 0 1-1-1v-9.5Z" />),
  },
  {
    key: 'tenderManagement',
    to: '/platform/tenderManagement',
    title: msg`投标管理`,
    icon: svg(
      <>
        <path d="M8 4H6a1 1 0 0 0-1 1v15a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V5a1 1 0 0 0-1-1h-2" />
        <rect x="8" y="2.5" width="8" height="3.5" rx="1" />
        <path d="m9 13 2 2 4-4.5" />
      </>,
    ),
  },
  {
    key: 'bargaining',
    to: '/platform/bargaining',
    title: msg`询价议价`,
    icon: svg(
      <>
        <path d="M3 12.5V4a1 1 0 0 1 1-1h8.5L21 11.5 12.5 20 3 12.5Z" />
        <circle cx="8" cy="8" r="1.5" />
      </>,
    ),
  },
  {
    key: 'communicateRecord',
    to: '/platform/communicateRecord',
    title: msg`沟通记录`,
    icon: svg(
      <>
        <path d="M4 5h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z" />
        <path d="M16 9h4a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1h-1v3l-4-3h-4a1 1 0 0 1-1-1v-1" />
      </>,
    ),
  },
  {
    key: 'visitorApplyNew',
    to: '/platform/visitorApplyNew',
    title: msg`参观申请`,
    icon: svg(
      <>
        <rect x="3" y="4" width="18" height="17" rx="1.5" />
        <path d="M3 9h18M8 2.5v3M16 2.5v3M8 13h3M8 17h8" />
      </>,
    ),
  },
  {
    key: 'supplierInfoManagement',
    to: '/platform/supplierInfoManagement',
    title: msg`供应商信息`,
    icon: svg(
      <>
        <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M2.5 21h19" />
        <path d="M8 8h3M8 12h3M8 16h3" />
      </>,
    ),
  },
  {
    key: 'modifyPassword',
    to: '/platform/modifyPassword',
    title: msg`修改密码`,
    icon: svg(
      <>
        <rect x="4.5" y="10.5" width="15" height="10.5" rx="1.5" />
        <path d="M8 10.5V7a4 4 0 0 1 8 0v3.5M12 14.5v2.5" />
      </>,
    ),
  },
];

/** The menu entries a supplier in `status` may use. */
export const visibleMenu = (status: string | null | undefined) => MENU.filter((entry) => canAccess(entry.key, status));

/** Counts shown on menu entries: to-dos waiting in each area (the home's to-do counts). */
export type MenuBadges = Partial<Record<MenuKey, number>>;

/** The menu entry each to-do count belongs to. */
const COUNTED: Partial<Record<MenuKey, Exclude<keyof HomeCounts, 'unreadMessages'>>> = {
  tenderManagement: 'tenders',
  bargaining: 'enquiries',
  communicateRecord: 'communication',
  visitorApplyNew: 'visits',
};

export function menuBadges(counts: HomeCounts | undefined): MenuBadges {
  if (!counts) return {};
  const badges: MenuBadges = {};
  for (const [key, area] of Object.entries(COUNTED) as [MenuKey, keyof HomeCounts][]) if (counts[area] > 0) badges[key] = counts[area];
  return badges;
}

/** The document title of a platform screen: unread messages first, so a background tab shows them: "(3) 首页 - 供应商门户". */
export function platformTitle(page: string | null, unread: number, app: string): string {
  return `${unread > 0 ? `(${unread}) ` : ''}${page ? `${page} - ` : ''}${app}`;
}
