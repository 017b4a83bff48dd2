import pg from 'pg';
import { insideTransaction, PREPARED_NAME_RE, refuseNested, withSavepoints } from './adapter';
import type { Db, PreparedParam } from './db';
import { DEFAULT_SEARCH_CONNECTIONS, SEARCH_LANE_TIMEOUT_MS } from './search-lane';

/** A real PostgreSQL through a connection pool. */
export function createPgDb(connectionString: string, opts: { searchConnections?: number } = {}): Db {
  const max = 10;
  const pool = new pg.Pool({ connectionString, max });
  // Public searches: connections of their own, each statement cancelled by the server after
  // the timeout (db.ts, searchQuery).
  const searchLane = new pg.Pool({
    connectionString,
    max: opts.searchConnections ?? DEFAULT_SEARCH_CONNECTIONS,
    statement_timeout: SEARCH_LANE_TIMEOUT_MS,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  searchLane.on('error', () => undefined);
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      refuseNested();
      return (await pool.query(sql, params)).rows as T[];
    },
    async searchQuery<T>(sql: string, params: unknown[] = []) {
      refuseNested();
      return (await searchLane.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      refuseNested();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx = withSavepoints(async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[]);
        const result = await insideTransaction.run(true, () => fn(tx));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      refuseNested();
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query(sql);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async prepared<T>(name: string, sql: string, params: PreparedParam[]) {
      refuseNested();
      if (!PREPARED_NAME_RE.test(name)) throw new Error(`not a statement name: ${name}`);
      // node-postgres prepares a named statement once per connection of the pool.
      return (await pool.query({ name, text: sql, values: params })).rows as T[];
    },
    close: async () => {
      await Promise.all([pool.end(), searchLane.end()]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}
