/** The portal's IndexedDB database name, apart from db.ts so a probe can use it without idb. */
export const DB_NAME = 'supplier-portal';
