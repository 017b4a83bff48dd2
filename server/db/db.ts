import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
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

const PREPARED_NAME_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * A parameter as an SQL literal, for PGlite's EXECUTE (its API has no named statements, and a
 * utility statement takes no bound parameters). Strings are quoted with their quotes doubled,
 * complete under standard_conforming_strings (on by default, checked once below).
 */
function literal(value: PreparedParam): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  const text = value instanceof Date ? value.toISOString() : value;
  if (text.includes('\0')) throw new Error('a NUL character cannot be a parameter');
  return `'${text.replaceAll("'", "''")}'`;
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

interface WorkerAnswer {
  id: number;
  rows?: unknown[];
  data?: Uint8Array;
  error?: Record<string, unknown> & { message: string };
}

/**
 * Embedded PostgreSQL on a worker thread of its own (`pglite-worker.mjs`), in a data directory
 * or in memory: what `openDb` gives the bid service. PGlite is single-threaded WebAssembly; on
 * the HTTP thread, each statement held every other request (parsing, answering, the tus bytes)
 * until it ended, and the statements were most of the thread's time (issue 10). Here the HTTP
 * thread hands statements over and goes on; PGlite still runs them one at a time, and a
 * transaction holds its one connection until its end, exactly as when PGlite ran in-process.
 * Errors come back with their fields (`code`, `constraint`).
 */
export async function createPgliteWorkerDb(dir?: string): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir } });
  const waiting = new Map<number, { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }>();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  await new Promise<void>((ready, broken) => {
    worker.once('error', broken);
    worker.once('message', () => ready());
  });
  // The worker keeps the process alive while a call waits for it, and only then: a process done
  // with everything else (a CLI command, a test file) ends without closing the database first.
  worker.unref();
  worker.on('message', (answer: WorkerAnswer) => {
    const w = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (waiting.size === 0) worker.unref();
    w?.resolve(answer);
  });
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the database worker has stopped')));

  let nextId = 0;
  const call = (message: Record<string, unknown>): Promise<WorkerAnswer> => {
    if (failure) return Promise.reject(failure);
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      waiting.set(id, {
        resolve: (answer) => {
          if (!answer.error) return resolve(answer);
          // The database's error, as thrown in-process: its message, code, constraint...
          reject(Object.assign(new Error(answer.error.message), answer.error));
        },
        reject,
      });
      if (waiting.size === 1) worker.ref();
      worker.postMessage({ id, ...message });
    });
  };
  const rowsOf = async <T>(message: Record<string, unknown>) => (await call(message)).rows as T[];

  const statements = new Map<string, Promise<void>>();
  const prepare = (name: string, sql: string) => {
    let done = statements.get(name);
    if (!done) {
      done = (async () => {
        const [conforming] = (await rowsOf<Record<string, string>>({ op: 'query', sql: 'SHOW standard_conforming_strings', params: [] })).map((r) => Object.values(r)[0]);
        if (conforming !== 'on') throw new Error('prepared statements need standard_conforming_strings = on');
        await call({ op: 'exec', sql: `PREPARE ${name} AS ${sql}` });
      })();
      statements.set(name, done);
      done.catch(() => statements.delete(name));
    }
    return done;
  };

  let nextTx = 0;
  let closed: Promise<void> | null = null;
  return {
    query<T>(sql: string, params: unknown[] = []) {
      refuseNested();
      return rowsOf<T>({ op: 'query', sql, params });
    },
    async transaction(fn) {
      refuseNested();
      const tx = ++nextTx;
      await call({ op: 'begin', tx });
      let result;
      try {
        result = await insideTransaction.run(true, () => fn(withSavepoints(<T>(sql: string, params: unknown[] = []) => rowsOf<T>({ op: 'txQuery', tx, sql, params }))));
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async exec(sql) {
      refuseNested();
      await call({ op: 'script', sql });
    },
    async prepared<T>(name: string, sql: string, params: PreparedParam[]) {
      refuseNested();
      if (!PREPARED_NAME_RE.test(name)) throw new Error(`not a statement name: ${name}`);
      await prepare(name, sql);
      return rowsOf<T>({ op: 'query', sql: params.length ? `EXECUTE ${name}(${params.map(literal).join(', ')})` : `EXECUTE ${name}`, params: [] });
    },
    async dumpDataDir() {
      return (await call({ op: 'dump' })).data!;
    },
    close() {
      closed ??= (async () => {
        await call({ op: 'close' }).catch(() => undefined);
        await worker.terminate();
      })();
      return closed;
    },
  };
}

/** A real PostgreSQL through a connection pool. */
export function createPgDb(connectionString: string): Db {
  const max = 10;
  const pool = new pg.Pool({ connectionString, max });
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
    close: () => pool.end(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

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
    prepared: <T>(name: string, sql: string, params: PreparedParam[]) => timed('query', () => db.prepared<T>(name, sql, params)),
    transaction: (fn) => timed('transaction', () => db.transaction(fn)),
    exec: (sql) => timed('transaction', () => db.exec(sql)),
    close: () => db.close(),
    ...(db.poolStats ? { poolStats: db.poolStats } : {}),
    ...(db.dumpDataDir ? { dumpDataDir: db.dumpDataDir } : {}),
  };
}

/** The bid service's database: PostgreSQL at `databaseUrl`, else PGlite on its own thread in `${dataDir}/pgdata` (in memory without `dataDir`). */
export async function openDb(opts: { databaseUrl?: string; dataDir?: string }): Promise<Db> {
  if (opts.databaseUrl) return createPgDb(opts.databaseUrl);
  return createPgliteWorkerDb(opts.dataDir ? `${opts.dataDir}/pgdata` : undefined);
}
