import { createPgDb } from './postgres';
import { createPgliteWorkerDb } from './pglite';

export { createPgDb, createPgliteWorkerDb };

/** What the repositories need from a database; the same SQL runs on PGlite and PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Something a unit of work can run on: the database itself or an open transaction. Inside a
 * transaction, `transaction` nests as a savepoint, so code written for the database runs
 * unchanged inside a caller's transaction (an idempotent write and its stored answer).
 */
export interface Tx extends Queryable {
  /** Runs `fn` in one transaction (or savepoint); a throw rolls it back. */
  transaction<R>(fn: (tx: Tx) => Promise<R>): Promise<R>;
}

/** What a prepared statement's parameters may be. */
export type PreparedParam = string | number | boolean | Date | null;

export interface Db extends Tx {
  /** Runs a script of several statements (migrations) in one transaction: all of it or none. */
  exec(sql: string): Promise<void>;
  /**
   * Runs `sql` as the prepared statement `name`: parsed and planned once per connection rather
   * than on every call, for the hottest reads, whose planning costs more than their execution
   * (the home page's to-dos: 3.4 ms planned each time, 0.7 ms prepared, on PGlite). One `name`,
   * one `sql`. Not inside a transaction.
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: PreparedParam[]): Promise<T[]>;
  /**
   * A statement a public caller can make expensive (a search of the public lists). On PostgreSQL
   * it runs on connections of its own (`searchConnections`, each statement cancelled after
   * SEARCH_LANE_TIMEOUT_MS, search-lane.ts), so that such statements never hold the connections every other
   * request needs; a cancelled one throws `isStatementTimeout`. On PGlite it is `query`: its one
   * connection has no timeouts, and the shortest-first order (shortest-first.mjs) lets short
   * work pass it.
   */
  searchQuery<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
  /**
   * The embedded database's data directory as a gzipped tar (PGlite only: backups,
   * services/backup.ts): taken between two transactions, right after a CHECKPOINT, while no
   * other statement runs; they wait for the uncompressed copy only (0.1 s on the demo data).
   */
  dumpDataDir?: () => Promise<Uint8Array>;
  /** The connection pool's counts, for metrics (PostgreSQL; PGlite has one connection and no pool). */
  poolStats?: () => PoolStats;
}

export interface PoolStats {
  /** Open connections. */
  total: number;
  idle: number;
  /** Queries and transactions waiting for a connection. */
  waiting: number;
  max: number;
}

/** A statement cancelled for running longer than its timeout (PostgreSQL's query_canceled). */
export const isStatementTimeout = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === '57014';

/** What `timedDb` measures: a statement outside a transaction, or a whole transaction (its statements and the work between them). */
export type TimedKind = 'query' | 'transaction';

/**
 * The same database, with the time of every statement and transaction, from the call to its
 * end, handed to `observe` (http/metrics.ts): on PGlite that includes the wait for its one
 * connection, on PostgreSQL the wait for a pooled one. Statements inside a transaction are not
 * timed one by one (the transaction's time holds them), which keeps the cost to one clock read
 * at each end of a call.
 */
export function timedDb(db: Db, observe: (kind: TimedKind, seconds: number) => void): Db {
  const timed = async <R>(kind: TimedKind, run: () => Promise<R>): Promise<R> => {
    const started = performance.now();
    try {
      return await run();
    } finally {
      observe(kind, (performance.now() - started) / 1000);
    }
  };
  return {
    query: <T>(sql: string, params?: unknown[]) => timed('query', () => db.query<T>(sql, params)),
    searchQuery: <T>(sql: string, params?: unknown[]) => timed('query', () => db.searchQuery<T>(sql, params)),
    prepared: <T>(name: string, sql: string, params: PreparedParam[]) => timed('query', () => db.prepared<T>(name, sql, params)),
    transaction: (fn) => timed('transaction', () => db.transaction(fn)),
    exec: (sql) => timed('transaction', () => db.exec(sql)),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: db.poolStats } : {}),
    ...(db.dumpDataDir ? { dumpDataDir: db.dumpDataDir } : {}),
  };
}

/**
 * The bid service's database: PostgreSQL at `databaseUrl`, else PGlite on its own thread in
 * `${dataDir}/pgdata` (in memory without `dataDir`).
 */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string; searchConnections?: number }): Promise<Db> {
  if (opts.databaseUrl) return createPgDb(opts.databaseUrl, { searchConnections: opts.searchConnections });
  return createPgliteWorkerDb(opts.dataDir ? `${opts.dataDir}/pgdata` : undefined);
}
