// The embedded database on a thread of its own (server/db/db.ts, `createPgliteWorkerDb`): PGlite
// is single-threaded WebAssembly, and on the HTTP thread every statement stalled every request
// in the meantime. Plain JavaScript so that it loads as it is under Node, tsx and Vitest alike.
//
// Messages from the HTTP thread, each answered by `{ id, rows }`, `{ id, data }` or
// `{ id, error }` (the error's own fields kept: `code`, `constraint`, ...):
//   { id, op: 'query', sql, params }        one statement, outside any transaction
//   { id, op: 'exec', sql }                 a script, outside any transaction (PREPARE)
//   { id, op: 'script', sql }               a script in one transaction (migrations)
//   { id, op: 'begin', tx }                 opens transaction `tx`: PGlite holds its one
//                                           connection for it, so every other statement waits
//   { id, op: 'txQuery', tx, sql, params }  a statement of transaction `tx`
//   { id, op: 'end', tx, commit }           commits (or rolls back) `tx`; answered once done
//   { id, op: 'dump' }                      the data directory as a gzipped tar (PGlite's dumpDataDir),
//                                           between transactions, right after a CHECKPOINT
//   { id, op: 'close' }
import { promisify } from 'node:util';
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { gzip as gzipCallback } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const lite = await PGlite.create(workerData.dir ?? 'memory://', { extensions: { pg_trgm } });
const gzip = promisify(gzipCallback);

/** What an error carries across the thread boundary: its message and its own fields. */
const serialize = (error) => ({ ...error, name: error?.name, message: error?.message ?? String(error) });

/** The statements of each open transaction, in order, until its `end`. */
const transactions = new Map();

function channel() {
  const queued = [];
  let wake = null;
  return {
    push(message) {
      queued.push(message);
      wake?.();
    },
    async next() {
      while (!queued.length) await new Promise((resolve) => (wake = resolve));
      wake = null;
      return queued.shift();
    },
  };
}

function begin({ id, tx: txId }) {
  const statements = channel();
  transactions.set(txId, statements);
  let rollback = false;
  let endId = null;
  return lite
    .transaction(async (tx) => {
      parentPort.postMessage({ id, rows: [] });
      for (;;) {
        const message = await statements.next();
        if (message.op === 'end') {
          endId = message.id;
          if (!message.commit) {
            rollback = true;
            await tx.rollback();
          }
          return;
        }
        try {
          parentPort.postMessage({ id: message.id, rows: (await tx.query(message.sql, message.params)).rows });
        } catch (error) {
          parentPort.postMessage({ id: message.id, error: serialize(error) });
        }
      }
    })
    .then(
      () => parentPort.postMessage({ id: endId, rows: [], rolledBack: rollback }),
      // A failed COMMIT (or BEGIN): the transaction's end answers it; a failed BEGIN answers the begin.
      (error) => parentPort.postMessage({ id: endId ?? id, error: serialize(error) }),
    )
    .finally(() => transactions.delete(txId));
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return { rows: (await lite.query(message.sql, message.params)).rows };
    case 'exec':
      await lite.exec(message.sql);
      return { rows: [] };
    case 'script':
      await lite.transaction((tx) => tx.exec(message.sql));
      return { rows: [] };
    case 'dump': {
      // A moment between transactions (transaction() waits for an open one, and holds off every
      // other statement), right after a CHECKPOINT: a clean copy, never half a transaction.
      // Uncompressed in that moment (0.1 s on the demo data), gzipped after it on zlib's threads
      // (0.3 s more, which inside it would hold the statements too). server/services/backup.ts.
      const tar = await lite.transaction(async (tx) => {
        await tx.exec('CHECKPOINT');
        return lite.dumpDataDir('none');
      });
      // A copy with a buffer of its own: transferring it takes no pooled memory along.
      return { data: new Uint8Array(await gzip(new Uint8Array(await tar.arrayBuffer()))) };
    }
    case 'close':
      await lite.close();
      return { rows: [] };
    default:
      throw new Error(`unknown operation ${message.op}`);
  }
}

function answer(message) {
  return run(message).then(
    (answer) => {
      const transfer = answer.data ? [answer.data.buffer] : [];
      parentPort.postMessage({ id: message.id, ...answer }, transfer);
      if (message.op === 'close') parentPort.close();
    },
    (error) => parentPort.postMessage({ id: message.id, error: serialize(error) }),
  );
}

// The order of waiting work (issue 10). PGlite runs one statement at a time. In arrival order, a
// page of the list (a third of a millisecond) waited behind every search that came before it: on
// the list benchmark plain pages and searches both took 34 ms at p95, all of it waiting. Here
// what waits is given to PGlite shortest expected first: a statement is expected to take what
// the same statement took lately (its SQL and which of its parameters are null, so
// `notice_list` without a search term, a plain page, is told from a search; a slow average over
// the last fifty or so, so that one cheap search does not pass for a plain page). Nothing waits
// longer than OVERDUE_MS behind shorter work: once the oldest has waited that long, it goes
// first (arrival order among those). A transaction is one piece of work, begin to end. A
// caller's statements keep their order (it waits for each answer); concurrent callers never had
// one. With nothing waiting, all of this is one comparison.
const OVERDUE_MS = 100;
const waiting = [];
const expected = new Map();
let draining = false;

const shapeOf = (message) => {
  if (message.op !== 'query') return message.op;
  const name = message.sql.startsWith('EXECUTE ') ? message.sql.split('(')[0] : message.sql;
  return `${name}|${(message.params ?? []).map((p) => (p === null || p === undefined ? 0 : 1)).join('')}`;
};

async function drain() {
  draining = true;
  for (;;) {
    // What else has arrived meanwhile, so the choice is among all of it (the port hands messages
    // over one at a time otherwise).
    for (let m = receiveMessageOnPort(parentPort); m; m = receiveMessageOnPort(parentPort)) receive(m.message);
    if (!waiting.length) break;
    // The oldest if it has waited OVERDUE_MS (arrival order among those), else the one expected to end first.
    const now = performance.now();
    let next = 0;
    if (now - waiting[0].since < OVERDUE_MS) {
      let best = Infinity;
      for (let i = 0; i < waiting.length; i++) {
        const score = expected.get(waiting[i].shape) ?? 0;
        if (score < best) [next, best] = [i, score];
      }
    }
    const [work] = waiting.splice(next, 1);
    const started = performance.now();
    await (work.message.op === 'begin' ? begin(work.message) : answer(work.message));
    const took = performance.now() - started;
    const before = expected.get(work.shape);
    if (expected.size > 1_000) expected.clear();
    expected.set(work.shape, before === undefined ? took : before * 0.98 + took * 0.02);
  }
  draining = false;
}

function receive(message) {
  if (message.op === 'txQuery' || message.op === 'end') {
    const statements = transactions.get(message.tx);
    if (statements) return statements.push(message);
    return parentPort.postMessage({ id: message.id, error: { message: `no open transaction ${message.tx}` } });
  }
  waiting.push({ message, shape: shapeOf(message), since: performance.now() });
}

parentPort.on('message', (message) => {
  receive(message);
  if (!draining) void drain();
});

parentPort.postMessage({ ready: true });
