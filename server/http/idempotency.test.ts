import Fastify from 'fastify';
import pg from 'pg';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BASE_PATH } from '../../contract/http';
import type { Endpoint } from '../../contract/endpoints';
import { sha256 } from '../security/tokens';
import { conflict } from './api-error';
import type { Services } from './context';
import { installErrorHandling } from './error-handler';
import { canonicalJson } from './idempotency';
import { createMetrics } from './metrics';
import { route } from './route';
import { ENGINE, testDb } from '../test/engine';

/** A bare app with one idempotent write whose behaviour each test picks. */
const { db, drop, url } = await testDb();
await db.exec(`CREATE TABLE idempotency_keys (principal text NOT NULL, key text NOT NULL, path text NOT NULL, request_hash text NOT NULL, response jsonb, created_at timestamptz NOT NULL, PRIMARY KEY (principal, key));
               CREATE TABLE writes (id serial PRIMARY KEY, note text NOT NULL);`);
const clock = { now: new Date('2026-11-01T00:00:00Z') };
let behaviour: 'ok' | 'held' | 'crash' | 'refuse' = 'ok';

/**
 * A barrier in a handler: `reached` resolves once a run is inside its transaction (its key
 * reserved, its write made), which then stays open until the test calls `open()`. `pid` is the
 * PostgreSQL session of that transaction.
 */
function barrier() {
  let open!: () => void;
  let reach!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const reached = new Promise<void>((r) => (reach = r));
  const gate = {
    open,
    opened,
    reached,
    pid: 0,
    /** Called by the handler inside the transaction `tx`: holds it until `open()`. */
    async hold(tx: { query: typeof db.query }) {
      if (ENGINE === 'postgres') gate.pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;
      reach();
      await opened;
    },
  };
  return gate;
}
let hold = barrier();
/** Transactions asked of the database: a duplicate asks for one before it claims its key. */
let transactionsAsked = 0;
const countingDb = Object.assign(Object.create(db) as typeof db, {
  transaction: ((fn) => {
    transactionsAsked += 1;
    return db.transaction(fn);
  }) as typeof db.transaction,
});

/** Waits until `read()` answers `wanted` (at most `ms`); answers the last value read either way. */
async function settle<T>(read: () => Promise<T> | T, wanted: T, ms = 3000): Promise<T> {
  let value = await read();
  for (const end = Date.now() + ms; value !== wanted && Date.now() < end; value = await read()) await new Promise((r) => setTimeout(r, 20));
  return value;
}

/**
 * Sessions blocked by a lock of the PostgreSQL session `pid` (PostgreSQL only): the duplicates
 * of the run in flight there, waiting on its reservation row.
 */
const blockedBy = async (pid: number) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid]))[0]!.n;

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.decorate('services', { db: countingDb, now: () => new Date(clock.now), metrics: createMetrics() } as unknown as Services);
app.decorateRequest('locale', 'en');
installErrorHandling(app, null);
const write: Endpoint = {
  name: 'write',
  path: '/write',
  method: 'POST',
  public: true,
  summary: 'test',
  request: z.object({ note: z.string() }),
  response: z.object({ id: z.number() }),
};
route(
  app,
  'test',
  write,
  async ({ input, db: tx }) => {
    const [row] = await tx.query<{ id: number }>('INSERT INTO writes (note) VALUES ($1) RETURNING id', [(input as { note: string }).note]);
    if (behaviour === 'held') await hold.hold(tx);
    if (behaviour === 'crash') throw new Error('boom');
    if (behaviour === 'refuse') throw conflict('conflict');
    return { id: row!.id };
  },
  { idempotent: true },
);
await app.ready();
afterAll(async () => {
  await app.close();
  await drop();
});

const sendRaw = (payload: object, key?: string) =>
  app.inject({ method: 'POST', url: `${BASE_PATH}/write`, payload, headers: key ? { 'idempotency-key': key } : {} });
const send = async (note: string, key?: string) =>
  (await sendRaw({ note }, key)).json() as { code: string; message: string; data: { id: number } | null };
const count = async (note: string) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM writes WHERE note = $1', [note]))[0]!.n;
const keys = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM idempotency_keys'))[0]!.n;

describe('withIdempotency', () => {
  it('writes once per key and replays the first answer; without a key every call writes', async () => {
    behaviour = 'ok';
    const first = await send('a', 'key-aaaa-1');
    expect(await send('a', 'key-aaaa-1')).toEqual(first);
    expect(await count('a')).toBe(1);
    await send('a');
    await send('a');
    expect(await count('a')).toBe(3);
  });

  it('refuses the same key with another body (E409 idempotencyKeyReused): no second write, not the other answer', async () => {
    behaviour = 'ok';
    const first = await send('r1', 'key-reuse-1');
    expect(first.code).toBe('E000');
    const res = await sendRaw({ note: 'r2' }, 'key-reuse-1');
    expect(res.json()).toEqual({
      code: 'E409',
      message: 'This request key was already used for a different request; nothing was done',
      data: null,
    });
    expect(res.headers['x-reason']).toBe('idempotencyKeyReused');
    expect(res.headers['retry-after']).toBeUndefined();
    expect(await count('r2')).toBe(0);
    // The first body still replays its answer; the same body with its keys in another order is the same body.
    expect(await send('r1', 'key-reuse-1')).toEqual(first);
    expect((await sendRaw({ extra: undefined, note: 'r1' }, 'key-reuse-1')).json()).toEqual(first);
    expect(await count('r1')).toBe(1);
  });

  it('refuses a malformed key with E400 idempotencyKeyInvalid instead of ignoring it', async () => {
    behaviour = 'ok';
    for (const key of ['short', 'a'.repeat(129), 'has space-1234', 'semi;colon-1234', 'clé-unicode-1234', '../../etc/passwd']) {
      const res = await sendRaw({ note: 'm' }, key);
      expect(res.json(), key).toMatchObject({ code: 'E400', message: 'The request key (Idempotency-Key) is malformed' });
      expect(res.headers['x-reason']).toBe('idempotencyKeyInvalid');
    }
    expect(await count('m')).toBe(0);
    // What the portal sends: crypto.randomUUID().
    expect((await send('m', crypto.randomUUID())).code).toBe('E000');
  });

  it('writes once under concurrent duplicates: sent while the first run holds its key, both replay its answer', async () => {
    // The race made to happen: the duplicates are sent while the first run is inside its
    // transaction (held by a barrier), which is released only once both asked for theirs. On
    // PGlite (one connection) they queue for it; on PostgreSQL they run at the same time and must
    // be seen blocked on the first run's reservation row.
    behaviour = 'held';
    hold = barrier();
    const asked = transactionsAsked;
    const first = send('b', 'key-bbbb-1');
    await hold.reached;
    const duplicates = [send('b', 'key-bbbb-1'), send('b', 'key-bbbb-1')];
    const askedMeanwhile = await settle(() => transactionsAsked - asked, 3);
    const blocked = ENGINE === 'postgres' ? await settle(() => blockedBy(hold.pid), 2) : null;
    hold.open();
    const answers = await Promise.all([first, ...duplicates]);
    behaviour = 'ok';
    expect(await count('b')).toBe(1);
    expect(answers[0]).toMatchObject({ code: 'E000', data: { id: expect.any(Number) } });
    // Two replays of the first answer (their wait is far below the 5 s that would answer E409).
    expect(answers.slice(1)).toEqual([answers[0], answers[0]]);
    // The race happened: both duplicates reached the database while the first run held its key.
    expect(askedMeanwhile).toBe(3);
    if (ENGINE === 'postgres') expect(blocked).toBe(2);
    expect(await send('b', 'key-bbbb-1')).toEqual(answers[0]);
  });

  it('rolls a crashed run back and frees its key, so the retry really runs', async () => {
    behaviour = 'crash';
    expect((await send('c', 'key-cccc-1')).code).toBe('E500');
    expect(await count('c')).toBe(0);
    behaviour = 'ok';
    expect((await send('c', 'key-cccc-1')).code).toBe('E000');
    expect(await count('c')).toBe(1);
  });

  it('keeps what a refused run wrote on purpose, frees its key, remembers no answer', async () => {
    behaviour = 'refuse';
    const before = await keys();
    expect((await send('d', 'key-dddd-1')).code).toBe('E409');
    expect(await count('d')).toBe(1);
    expect(await keys()).toBe(before);
    behaviour = 'ok';
    expect((await send('d', 'key-dddd-1')).code).toBe('E000');
  });

  it('takes over at once a reservation whose owner died (committed without an answer); forgets answers after a day', async () => {
    behaviour = 'ok';
    // What a run that died with its process leaves under a reservation that outlives its
    // transaction: a row without an answer, reserved just now. Reservations are taken in the
    // write's transaction, so such a row has no owner still running.
    await db.query(
      "INSERT INTO idempotency_keys (principal, key, path, request_hash, response, created_at) VALUES ('anonymous', 'key-eeee-1', $1, $2, NULL, $3)",
      [`${BASE_PATH}/write`, sha256(`${BASE_PATH}/write\n${canonicalJson({ note: 'e' })}`), clock.now],
    );
    expect((await send('e', 'key-eeee-1')).code).toBe('E000');
    expect(await count('e')).toBe(1);
    expect((await send('e', 'key-eeee-1')).code).toBe('E000');
    expect(await count('e')).toBe(1);
    clock.now = new Date(clock.now.getTime() + 25 * 3600_000);
    await send('e', 'key-eeee-1');
    expect(await count('e')).toBe(2);
  });

  it('answers E409 inProgress (Retry-After) when the first run holds its key too long', async () => {
    behaviour = 'ok';
    // PostgreSQL's lock_timeout on the reservation row of a run in flight (PGlite has one connection).
    const original = db.transaction.bind(db);
    db.transaction = (async () => {
      throw Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    }) as typeof db.transaction;
    try {
      const res = await sendRaw({ note: 'w' }, 'key-wait-1');
      expect(res.json()).toMatchObject({ code: 'E409', message: 'The same request is still being processed, please retry shortly' });
      expect(res.headers['retry-after']).toBe('1');
      expect(res.headers['x-reason']).toBe('inProgress');
    } finally {
      db.transaction = original;
    }
  });
});

describe('transactions', () => {
  it('nest as savepoints: an inner failure rolls back only the inner work', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO writes (note) VALUES ('outer')");
      await tx
        .transaction(async (inner) => {
          await inner.query("INSERT INTO writes (note) VALUES ('inner')");
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    expect(await count('outer')).toBe(1);
    expect(await count('inner')).toBe(0);
  });

  it('refuse the database itself inside a transaction (PGlite would wait forever)', async () => {
    await expect(db.transaction(async () => db.query('SELECT 1'))).rejects.toThrow(/inside a transaction/);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});

/**
 * On a real PostgreSQL (the `server:postgres` project): the reservation is a row lock of
 * the write's transaction, so a duplicate waits for the first run and replays its answer, and a
 * run whose process dies frees its key at once.
 */
describe.runIf(ENGINE === 'postgres')('withIdempotency on PostgreSQL', () => {
  const pgDb = db;
  const pgApp = Fastify({ logger: false });
  const pgMetrics = createMetrics();
  const counted = async () => ({
    replays: (await pgMetrics.idempotentReplays.get()).values[0]!.value,
    inProgress: (await pgMetrics.idempotencyInProgress.get()).values[0]!.value,
  });
  let pgHold = barrier();
  const table = `writes_${Math.random().toString(36).slice(2, 8)}`;
  afterAll(async () => {
    await pgApp.close();
    await pgDb.query(`DROP TABLE IF EXISTS ${table}`);
    await pgDb.query("DELETE FROM idempotency_keys WHERE key LIKE 'pg-%'");
  });
  const pgSend = async (note: string, key: string) =>
    (await pgApp.inject({ method: 'POST', url: `${BASE_PATH}/write`, payload: { note }, headers: { 'idempotency-key': key } })).json() as {
      code: string;
      data: { id: number } | null;
    };
  const pgCount = async (note: string) =>
    (await pgDb.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE note = $1`, [note]))[0]!.n;

  it('sets up', async () => {
    await pgDb.query(
      `CREATE TABLE IF NOT EXISTS idempotency_keys (principal text NOT NULL, key text NOT NULL, path text NOT NULL, request_hash text NOT NULL, response jsonb, created_at timestamptz NOT NULL, PRIMARY KEY (principal, key))`,
    );
    await pgDb.query(`CREATE TABLE ${table} (id serial PRIMARY KEY, note text NOT NULL)`);
    pgApp.setValidatorCompiler(validatorCompiler);
    pgApp.setSerializerCompiler(serializerCompiler);
    pgApp.decorate('services', { db: pgDb, now: () => new Date(), metrics: pgMetrics } as unknown as Services);
    pgApp.decorateRequest('locale', 'en');
    installErrorHandling(pgApp, null);
    route(
      pgApp,
      'test',
      write,
      async ({ input, db: tx }) => {
        const [row] = await tx.query<{ id: number }>(`INSERT INTO ${table} (note) VALUES ($1) RETURNING id`, [
          (input as { note: string }).note,
        ]);
        if ((input as { note: string }).note.startsWith('held')) await pgHold.hold(tx);
        return { id: row!.id };
      },
      { idempotent: true },
    );
    await pgApp.ready();
  });

  it('a duplicate waits for the first run and replays its answer: one write', async () => {
    pgHold = barrier();
    const first = pgSend('held-1', 'pg-key-0001');
    await pgHold.reached;
    const second = pgSend('held-1', 'pg-key-0001');
    // The race happened: the duplicate is blocked on the reservation of the run in flight.
    expect(await settle(() => blockedBy(pgHold.pid), 1)).toBe(1);
    pgHold.open();
    const answers = await Promise.all([first, second]);
    expect(answers[0]!.code).toBe('E000');
    expect(answers[1]).toEqual(answers[0]);
    expect(await pgCount('held-1')).toBe(1);
    expect(await counted()).toEqual({ replays: 1, inProgress: 0 });
  });

  it('a duplicate waiting more than 5 s is answered E409 inProgress', async () => {
    pgHold = barrier();
    const first = pgSend('held-2', 'pg-key-0002');
    await pgHold.reached;
    const started = Date.now();
    expect((await pgSend('held-2', 'pg-key-0002')).code).toBe('E409');
    expect(Date.now() - started).toBeLessThan(7000);
    pgHold.open();
    expect((await first).code).toBe('E000');
    expect(await counted()).toEqual({ replays: 1, inProgress: 1 });
  }, 15_000);

  it('a reservation whose process died is taken over within a second, not minutes', async () => {
    // Another instance reserved the key in its write's transaction, then died (its connection drops).
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    other.on('error', () => undefined);
    await other.query('BEGIN');
    await other.query(
      "INSERT INTO idempotency_keys (principal, key, path, request_hash, response, created_at) VALUES ('anonymous', 'pg-key-0003', $1, $2, NULL, now())",
      [`${BASE_PATH}/write`, sha256(`${BASE_PATH}/write\n${canonicalJson({ note: 'after-crash' })}`)],
    );
    const retry = pgSend('after-crash', 'pg-key-0003');
    // The retry is blocked on the dead instance's reservation before that instance dies.
    const otherPid = (other as unknown as { processID: number }).processID;
    expect(await settle(() => blockedBy(otherPid), 1)).toBe(1);
    const killed = Date.now();
    await pgDb.query('SELECT pg_terminate_backend($1)', [otherPid]);
    const answer = await retry;
    expect(answer.code).toBe('E000');
    expect(Date.now() - killed).toBeLessThan(1000);
    expect(await pgCount('after-crash')).toBe(1);
  });
});
