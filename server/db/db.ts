import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

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

export interface Db extends Tx {
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Marks the async context of an open transaction. PGlite has one connection: a query on the
 * database from inside a transaction would wait for that transaction forever, and on `pg` it
 * would silently run outside it. Both are bugs, so they fail at once instead.
 */
const insideTransaction = new AsyncLocalStorage<true>();
function refuseNested(): void {
  if (insideTransaction.getStore()) throw new Error('the database was used inside a transaction: use the transaction handed to the callback');
}

/** A transaction's queries, with savepoints for nested units of work. */
function withSavepoints(query: Queryable['query']): Tx {
  let depth = 0;
  const tx: Tx = {
    query,
    async transaction(fn) {
      const name = `sp_${++depth}`;
      await query(`SAVEPOINT ${name}`);
      try {
        const result = await fn(tx);
        await query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      } finally {
        depth--;
      }
    },
  };
  return tx;
}

/** Embedded PostgreSQL: in a data directory, or in memory when `dir` is undefined (tests). */
export async function createPgliteDb(dir?: string): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const lite = await PGlite.create(dir ?? 'memory://', { extensions: { pg_trgm } });
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      refuseNested();
      return (await lite.query<T>(sql, params)).rows;
    },
    transaction: (fn) => {
      refuseNested();
      return lite.transaction((tx) =>
        insideTransaction.run(true, () => fn(withSavepoints(async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows))),
      );
    },
    async exec(sql) {
      refuseNested();
      await lite.exec(sql);
    },
    close: () => lite.close(),
  };
}

/** A real PostgreSQL through a connection pool. */
export function createPgDb(connectionString: string): Db {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      refuseNested();
      return (await pool.query(sql, params)).rows as T[];
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
      await pool.query(sql);
    },
    close: () => pool.end(),
  };
}

export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return createPgDb(opts.databaseUrl);
  return createPgliteDb(opts.dataDir ? `${opts.dataDir}/pgdata` : undefined);
}
