import { isOpenTo, MENU_KEYS, type MenuKey } from '@contract/status-rules';

export { MENU_KEYS, type MenuKey };

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
 * Status gating of SPEC.md section 2, for the menu and the route guard: the rule the bid
 * service applies to the calls behind each entry (contract/status-rules.ts).
 */
export function canAccess(menuKey: MenuKey, status: string | null | undefined): boolean {
  return isOpenTo(menuKey, status);
}
