import type { MessageKey } from './messages';

/**
 * Visit applications (SPEC.md sections 2 to 5): their review states and the rules that need a
 * clock, written once for the bid service and the portal (no zod: the list and its route search
 * need these on screens that load no schemas). SPEC.md section 4 names no review values; these
 * are our decisions, drawn in docs/decisions/visit-applications.md.
 *
 *   (save: created and submitted at once) ──▶ pending ──approve (buyer)──▶ approved  (gate visits for every visitor)
 *                                               │ ──return (buyer, reason)──▶ returned  (copied into a new application)
 *                                               └ ──withdraw (supplier)──▶ withdrawn
 *
 * A submitted application is never edited (SPEC.md section 4); approved, returned and withdrawn
 * are final.
 */
export const VISIT_REVIEW_STATUSES = ['pending', 'approved', 'returned', 'withdrawn'] as const;
export type VisitReviewStatus = (typeof VISIT_REVIEW_STATUSES)[number];

/** At most this many visitors (and insured persons) on one application. */
export const VISITORS_MAX = 50;

/** Why the supplier cannot withdraw an application in this status (E409), or null when it can. */
export function withdrawBlock(status: VisitReviewStatus): MessageKey | null {
  switch (status) {
    case 'pending':
      return null;
    case 'approved':
      return 'visitAlreadyApproved';
    case 'returned':
      return 'visitAlreadyReturned';
    case 'withdrawn':
      return 'visitAlreadyWithdrawn';
  }
}

/** Why the buyer cannot review it (approve or return): only a pending application is reviewed. */
export function reviewBlock(status: VisitReviewStatus): MessageKey | null {
  return status === 'pending' ? null : 'conflict';
}

/**
 * Today's date where it is earliest on Earth (UTC-12). A start date before it is in the past for
 * every supplier wherever it is; a later one may be today for someone, so it is accepted (the
 * mirror of the deposit's payment date, checked against the latest time zone, UTC+14).
 */
export const earliestToday = (now: number) => new Date(now - 12 * 3600_000).toISOString().slice(0, 10);

/** Why the visit dates are not acceptable at `now` (the bid service's clock), or null. */
export function visitDatesProblem(
  startDate: string,
  endDate: string,
  now: number,
): { field: 'startDate' | 'endDate'; key: MessageKey } | null {
  if (startDate < earliestToday(now)) return { field: 'startDate', key: 'visitStartInPast' };
  if (endDate < startDate) return { field: 'endDate', key: 'visitEndBeforeStart' };
  return null;
}
