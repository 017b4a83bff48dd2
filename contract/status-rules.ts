import type { CallName } from './calls';
import { SupplierStatus, type SupplierStatusCode } from './limits';

/**
 * Which supplier statuses may use which part of the logged-in area (SPEC.md section 2): one row
 * per menu entry, in the menu's order, with the statuses it is open to and, for an entry that is
 * not open to every status, the bid service calls behind it, which refuse a closed status with
 * E403. This is the rule's one copy: the portal's menu and route guard (src/api/access.ts), the
 * bid service's checks, its to-do list and the operator's invitations all read it, and
 * server/status-rules.test.ts walks it against the running service.
 *
 * `open` keeps the specification's wording (every status, only some, all but some) because the
 * wording decides what a status the portal does not know, or none yet, may see: "all but A101"
 * lets it in, "only A104" does not.
 */
export type StatusGate = 'every' | { only: readonly SupplierStatusCode[] } | { allBut: readonly SupplierStatusCode[] };

export interface MenuRule {
  open: StatusGate;
  calls?: readonly CallName[];
}

/** Every status the bid service knows; a supplier is always in one of them. */
export const SUPPLIER_STATUSES: readonly SupplierStatusCode[] = Object.values(SupplierStatus);

/** Keys of the logged-in menu in its order; the routes are /platform/<key>. */
export const MENU_KEYS = [
  'home',
  'tenderManagement',
  'bargaining',
  'communicateRecord',
  'visitorApplyNew',
  'supplierInfoManagement',
  'modifyPassword',
] as const;
export type MenuKey = (typeof MENU_KEYS)[number];

const { A101, A104, A141 } = SupplierStatus;

export const STATUS_RULES: Readonly<Record<MenuKey, MenuRule>> = {
  home: { open: 'every' },
  tenderManagement: {
    open: { only: [A104, A141] },
    calls: [
      'tenderSignUp',
      'tenderListByPage',
      'tenderGetById',
      'tenderPayDeposit',
      'tenderSubmitBid',
      'tenderReplaceBid',
      'tenderWithdrawBid',
      'tenderApplyRefund',
      'tenderAskQuestion',
      'tenderListQuestions',
    ],
  },
  bargaining: {
    open: { allBut: [A101] },
    calls: ['enquiryListByPage', 'enquiryGetById', 'enquiryQuote', 'enquiryDownloadTemplate'],
  },
  communicateRecord: {
    open: { only: [A104] },
    calls: ['communicationListByPage', 'communicationGetById', 'communicationSave', 'communicationReply'],
  },
  visitorApplyNew: { open: 'every' },
  supplierInfoManagement: { open: 'every' },
  modifyPassword: { open: 'every' },
};

/** Whether the menu entry `key`, its screens and its calls are open to a supplier in `status`. */
export function isOpenTo(key: MenuKey, status: string | null | undefined): boolean {
  const { open } = STATUS_RULES[key];
  if (open === 'every') return true;
  const listed = (statuses: readonly string[]) => status != null && statuses.includes(status);
  return 'only' in open ? listed(open.only) : !listed(open.allBut);
}

/** The known statuses the menu entry `key` is open to. */
export const statusesOpenTo = (key: MenuKey): SupplierStatusCode[] => SUPPLIER_STATUSES.filter((status) => isOpenTo(key, status));
