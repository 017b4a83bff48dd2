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
import { shapeOf, shortestFirst } from './shortest-first.mjs';

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

// Waiting work goes to PGlite shortest expected first (shortest-first.mjs); a transaction is one
// piece of work, begin to end. Before each choice, what else has arrived is taken in (the port
// hands messages over one at a time otherwise, which made every choice a choice of one).
const scheduler = shortestFirst({
  ...(workerData.overdueMs === undefined ? {} : { overdueMs: workerData.overdueMs }),
  before: () => {
    for (let m = receiveMessageOnPort(parentPort); m; m = receiveMessageOnPort(parentPort)) receive(m.message);
  },
});

function receive(message) {
  if (message.op === 'txQuery' || message.op === 'end') {
    const statements = transactions.get(message.tx);
    if (statements) return statements.push(message);
    return parentPort.postMessage({ id: message.id, error: { message: `no open transaction ${message.tx}` } });
  }
  // A prepared statement's parameters are in its text (`EXECUTE name(...)`): its name is its shape.
  const shape =
    message.op !== 'query'
      ? message.op
      : message.sql.startsWith('EXECUTE ')
        ? message.sql.split('(')[0]
        : shapeOf(message.sql, message.params);
  void scheduler.run(shape, () => (message.op === 'begin' ? begin(message) : answer(message)));
}

parentPort.on('message', receive);

parentPort.postMessage({ ready: true });
