import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BASE_PATH } from '../../contract/http';
import type { Endpoint } from '../../contract/endpoints';
import { createPgliteDb } from '../db/db';
import { sha256 } from '../security/tokens';
import { conflict } from './api-error';
import type { Services } from './context';
import { installErrorHandling } from './error-handler';
import { route } from './route';

/** A bare app with one idempotent write whose behaviour each test picks. */
const db = await createPgliteDb();
await db.exec(`CREATE TABLE idempotency_keys (principal text NOT NULL, key text NOT NULL, path text NOT NULL, response jsonb, created_at timestamptz NOT NULL, PRIMARY KEY (principal, key, path));
               CREATE TABLE writes (id serial PRIMARY KEY, note text NOT NULL);`);
const clock = { now: new Date('2026-11-01T00:00:00Z') };
let behaviour: 'ok' | 'slow' | 'crash' | 'refuse' = 'ok';

const app = Fastify({ logger: false });
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
app.decorate('services', { db, now: () => new Date(clock.now) } as unknown as Services);
app.decorateRequest('locale', 'en');
installErrorHandling(app, false);
const write: Endpoint = { name: 'write', path: '/write', method: 'POST', public: true, summary: 'test', request: z.object({ note: z.string() }), response: z.object({ id: z.number() }) };
route(
  app,
  'test',
  write,
  async ({ input, db: tx }) => {
    const [row] = await tx.query<{ id: number }>('INSERT INTO writes (note) VALUES ($1) RETURNING id', [(input as { note: string }).note]);
    if (behaviour === 'slow') await new Promise((r) => setTimeout(r, 200));
    if (behaviour === 'crash') throw new Error('boom');
    if (behaviour === 'refuse') throw conflict('conflict');
    return { id: row!.id };
  },
  { idempotent: true },
);
await app.ready();
afterAll(async () => {
  await app.close();
  await db.close();
});

const send = async (note: string, key?: string) => {
  const res = await app.inject({ method: 'POST', url: `${BASE_PATH}/write`, payload: { note }, headers: key ? { 'idempotency-key': key } : {} });
  return res.json() as { code: string; message: string; data: { id: number } | null };
};
const count = async (note: string) => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM writes WHERE note = $1', [note]))[0]!.n;
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
    // The same key with another body is another write (an edited entry).
    await send('a2', 'key-aaaa-1');
    expect(await count('a2')).toBe(1);
  });

  it('writes once under concurrent duplicates: the others replay the answer or get E409 inProgress', async () => {
    // On PGlite a duplicate usually waits for the first run's transaction and replays; on
    // PostgreSQL it sees the reservation and gets E409 (the reservation case is tested below).
    behaviour = 'slow';
    const answers = await Promise.all([send('b', 'key-bbbb-1'), send('b', 'key-bbbb-1'), send('b', 'key-bbbb-1')]);
    expect(await count('b')).toBe(1);
    const ok = answers.filter((a) => a.code === 'E000');
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(new Set(ok.map((a) => a.data!.id)).size).toBe(1);
    for (const other of answers.filter((a) => a.code !== 'E000')) expect(other.code).toBe('E409');
    behaviour = 'ok';
    expect((await send('b', 'key-bbbb-1')).data).toEqual(ok[0]!.data);
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

  it('refuses a duplicate of a reserved key with E409 inProgress; takes over a reservation left for 2 minutes; forgets answers after a day', async () => {
    behaviour = 'ok';
    // A reservation as a run in flight (or one that died with its process) leaves it.
    await db.query("INSERT INTO idempotency_keys (principal, key, path, response, created_at) VALUES ('anonymous', 'key-eeee-1', $1, NULL, $2)", [
      `${BASE_PATH}/write#${sha256(JSON.stringify({ note: 'e' }))}`,
      clock.now,
    ]);
    expect(await send('e', 'key-eeee-1')).toMatchObject({ code: 'E409', message: 'The same request is still being processed, please retry shortly' });
    const raw = await app.inject({ method: 'POST', url: `${BASE_PATH}/write`, payload: { note: 'e' }, headers: { 'idempotency-key': 'key-eeee-1' } });
    expect(raw.headers['retry-after']).toBe('1');
    expect(raw.headers['x-reason']).toBe('inProgress');
    expect(await count('e')).toBe(0);
    clock.now = new Date(clock.now.getTime() + 3 * 60_000);
    expect((await send('e', 'key-eeee-1')).code).toBe('E000');
    expect(await count('e')).toBe(1);
    clock.now = new Date(clock.now.getTime() + 25 * 3600_000);
    await send('e', 'key-eeee-1');
    expect(await count('e')).toBe(2);
  });
});

describe('transactions', () => {
  it('nest as savepoints: an inner failure rolls back only the inner work', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO writes (note) VALUES ('outer')");
      await tx.transaction(async (inner) => {
        await inner.query("INSERT INTO writes (note) VALUES ('inner')");
        throw new Error('inner fails');
      }).catch(() => undefined);
    });
    expect(await count('outer')).toBe(1);
    expect(await count('inner')).toBe(0);
  });

  it('refuse the database itself inside a transaction (PGlite would wait forever)', async () => {
    await expect(db.transaction(async () => db.query('SELECT 1'))).rejects.toThrow(/inside a transaction/);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
