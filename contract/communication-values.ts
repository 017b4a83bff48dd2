/**
 * The values of a communication's priority and status, without zod: the portal's route
 * search validation needs them on first load, where the schemas must not be loaded.
 */
export const COMMUNICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type CommunicationPriority = (typeof COMMUNICATION_PRIORITIES)[number];

/**
 * Where a thread stands: `awaitingBuyer` after the supplier wrote last, `awaitingSupplier`
 * after the buyer replied, `closed` when the buyer closed it (no more replies).
 */
export const COMMUNICATION_STATUSES = ['awaitingBuyer', 'awaitingSupplier', 'closed'] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];
