/**
 * The PostgreSQL search lane's settings (Db.searchQuery in db.ts), apart from postgres.ts so that
 * the configuration (env.ts) reads its default without the adapter, and the adapter without db.ts.
 */

/**
 * How many connections of PostgreSQL searches of the public lists may use at once, per instance,
 * unless SEARCH_CONNECTIONS says otherwise. One: a search then holds at most one of the database
 * server's cores, and a burst of them leaves the others to every other request (on the benchmark
 * machine's 2 cores, 3 connections let a flood of rare searches slow a notice detail 4.4x; one, 1.9x).
 */
export const DEFAULT_SEARCH_CONNECTIONS = 1;
/** When PostgreSQL cancels a search of the public lists. */
export const SEARCH_LANE_TIMEOUT_MS = 2_000;
