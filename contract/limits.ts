/** Business constants and limits (SPEC.md section 9). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;

export const MAX_FILE_BYTES = 50 * 1024 * 1024;
export const MAX_FILES_AT_ONCE = 20;

/** Our decision where the spec gives no length: 60 seconds between verification codes. */
export const CODE_RESEND_SECONDS = 60;
/** Verification codes expire after 10 minutes. */
export const CODE_TTL_SECONDS = 600;

export const DIALOG_CLOSE_DELAY_MS = 500;

/** Password length bounds (SPEC.md section 5). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 12;

/** Upper bound on free text fields; longer input is refused, never truncated silently. */
export const TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const SEARCH_MAX = 100;
/**
 * A search of three or more characters counts its matches up to this many; beyond, the total
 * is this cap and the answer says `totalCapped` ("1000+"; 100 pages of 10:
 * docs/decisions/public-list-order-and-search.md, "Capped totals"), and the pager reaches that far.
 */
export const NOTICE_TOTAL_CAP = 1_000;

/** Supplier status codes (SPEC.md sections 3 and 4). */
export const SupplierStatus = { A101: 'A101', A104: 'A104', A141: 'A141' } as const;
export type SupplierStatusCode = (typeof SupplierStatus)[keyof typeof SupplierStatus];

/** `bindOrPurchase` of the public lists: 0 = bidding information, 1 = purchasing information. */
export const BIND_OR_PURCHASE = { bidding: 0, purchasing: 1 } as const;

/** Build version (SPEC.md section 9). */
export const BUILD_VERSION = 76;
