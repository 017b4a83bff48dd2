import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Db, PreparedParam } from './db';
import { insideTransaction, literal, PREPARED_NAME_RE, refuseNested, withSavepoints } from './adapter';

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
 * until it ended, and the statements were most of the thread's time. Here the HTTP
 * thread hands statements over and goes on; PGlite still runs them one at a time, and a
 * transaction holds its one connection until its end, exactly as when PGlite ran in-process.
 * Errors come back with their fields (`code`, `constraint`). `overdueMs`: how long work may wait
 * behind shorter work (shortest-first.mjs, OVERDUE_MS by default).
 */
export async function createPgliteWorkerDb(dir?: string, options: { overdueMs?: number } = {}): Promise<Db> {
  if (dir) mkdirSync(dir, { recursive: true });
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dir, overdueMs: options.overdueMs } });
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
        const [conforming] = (
          await rowsOf<Record<string, string>>({ op: 'query', sql: 'SHOW standard_conforming_strings', params: [] })
        ).map((r) => Object.values(r)[0]);
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
  const query = <T>(sql: string, params: unknown[] = []) => {
    refuseNested();
    return rowsOf<T>({ op: 'query', sql, params });
  };
  return {
    query,
    searchQuery: query,
    async transaction(fn) {
      refuseNested();
      const tx = ++nextTx;
      await call({ op: 'begin', tx });
      let result;
      try {
        result = await insideTransaction.run(true, () =>
          fn(withSavepoints(<T>(sql: string, params: unknown[] = []) => rowsOf<T>({ op: 'txQuery', tx, sql, params }))),
        );
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
      return rowsOf<T>({
        op: 'query',
        sql: params.length ? `EXECUTE ${name}(${params.map(literal).join(', ')})` : `EXECUTE ${name}`,
        params: [],
      });
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
