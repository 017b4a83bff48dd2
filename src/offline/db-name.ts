/**
 * The names other tabs and the start-up probe reach the outbox by, apart from db.ts and
 * events.ts so the root layout and on-demand.ts can use them without loading idb or the events.
 */

/** The portal's IndexedDB database. */
export const DB_NAME = 'supplier-portal';
/** The BroadcastChannel on which the outbox tells every tab that something changed (events.ts). */
export const CHANNEL_NAME = 'portal-outbox';
