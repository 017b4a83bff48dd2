import { SupplierStatus } from '@contract/limits';

/** Keys of the logged-in menu (SPEC.md section 2); the routes are /platform/<key>. */
export const MENU_KEYS = ['home', 'tenderManagement', 'bargaining', 'communicateRecord', 'visitorApplyNew', 'supplierInfoManagement', 'modifyPassword'] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

function isMenuKey(value: unknown): value is MenuKey {
  return typeof value === 'string' && (MENU_KEYS as readonly string[]).includes(value);
}

/**
 * The menu key of a /platform/<key> path, if it is one. Here rather than with the menu: the
 * platform route's guard needs it at start, the menu's entries and icons only once logged in.
 */
export function menuKeyOf(pathname: string): MenuKey | null {
  const segment = pathname.replace(/^\/platform\/?/, '').split('/')[0];
  return isMenuKey(segment) ? segment : null;
}

/**
 * Status gating of SPEC.md section 2: tender management only for A104 or A141,
 * communication records only for A104, bargaining for everyone but A101, the rest always.
 */
export function canAccess(menuKey: MenuKey, status: string | null | undefined): boolean {
  switch (menuKey) {
    case 'tenderManagement':
      return status === SupplierStatus.A104 || status === SupplierStatus.A141;
    case 'communicateRecord':
      return status === SupplierStatus.A104;
    case 'bargaining':
      return status !== SupplierStatus.A101;
    default:
      return true;
  }
}
