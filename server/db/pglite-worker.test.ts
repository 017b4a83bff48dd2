import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgliteWorkerDb, type Db } from './db';

/**
 * The embedded database on its own thread (db.ts `createPgliteWorkerDb`, the one every PGlite
 * suite runs on): what the HTTP thread may rely on.
 */
const db = await createPgliteWorkerDb();
afterAll(() => db.close());
await db.exec('CREATE TABLE w (id int PRIMARY KEY, name text UNIQUE, at timestamptz, doc jsonb, bytes bytea)');

describe('PGlite on a worker thread', () => {
  it('answers rows with their types across the thread boundary', async () => {
    const at = new Date('2026-11-24T01:02:03.456Z');
    await db.query('INSERT INTO w VALUES ($1, $2, $3, $4, $5)', [1, '纸箱', at, { a: [1, 'x'] }, Buffer.from([0, 255])]);
    const rows = await db.query<{ id: number; name: string; at: Date; doc: unknown; bytes: Uint8Array; none: null }>(
      'SELECT *, NULL AS none FROM w WHERE id = 1',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: 1, name: '纸箱', at, doc: { a: [1, 'x'] }, none: null });
    expect([...rows[0]!.bytes]).toEqual([0, 255]);
  });

  it("throws the database's error with its fields (code, constraint), as in-process", async () => {
    await expect(db.query('INSERT INTO w (id, name) VALUES (2, $1)', ['纸箱'])).rejects.toMatchObject({
      code: '23505',
      constraint: 'w_name_key',
      message: expect.stringMatching(/duplicate key/),
    });
    await expect(db.query('SELECT * FROM nowhere')).rejects.toMatchObject({ code: '42P01' });
  });

  it('commits a transaction, rolls back one that throws, and nests savepoints', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO w (id, name) VALUES (10, $1)', ['committed']);
      await tx.transaction(async (inner) => inner.query('INSERT INTO w (id, name) VALUES (11, $1)', ['inner']));
      await expect(
        tx.transaction(async (inner) => inner.query('INSERT INTO w (id, name) VALUES (12, $1)', ['committed'])),
      ).rejects.toMatchObject({
        code: '23505',
      });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO w (id, name) VALUES (20, $1)', ['rolled back']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.query<{ id: number }>('SELECT id FROM w WHERE id >= 10 ORDER BY id')).map((r) => r.id)).toEqual([10, 11]);
  });

  it('makes a statement from outside wait for an open transaction to end (one connection)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const didInsert = new Promise<void>((resolve) => (inserted = resolve));
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO w (id, name) VALUES (30, $1)', ['inside']);
      inserted();
      await held;
      order.push('commit');
    });
    // The transaction has begun and inserted before the outside read is sent.
    await didInsert;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM w WHERE id = 30').then((rows) => {
      order.push('outside read');
      return rows[0]!.n;
    });
    // Proves a negative: unblocked, the read would answer within these 50 ms (and count 0; the order
    // and count checked below also catch a read that was not held, however slow the machine).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await tx;
    expect(await outside).toBe(1);
    expect(order).toEqual(['commit', 'outside read']);
  });

  it('refuses the database inside its own transaction, as in-process', async () => {
    await expect(db.transaction(() => db.query('SELECT 1'))).rejects.toThrow(/inside a transaction/);
  });

  it('leaves the HTTP thread free while a statement runs', async () => {
    // In-process, a 400 ms statement held the event loop: no timer fired until it ended.
    const started = performance.now();
    const slow = db.query('SELECT pg_sleep(0.4)').then(() => performance.now() - started);
    const timer = await new Promise<number>((resolve) => setTimeout(() => resolve(performance.now() - started), 20));
    expect(timer).toBeLessThan(await slow);
    expect(await slow).toBeGreaterThanOrEqual(390);
  });

  it('dumps the data directory as a gzipped tar', async () => {
    const dump = await db.dumpDataDir!();
    expect([dump[0], dump[1]]).toEqual([0x1f, 0x8b]);
    // A tar's first header names a file of the data directory; "ustar" at offset 257.
    expect(Buffer.from(gunzipSync(dump).subarray(257, 262)).toString()).toBe('ustar');
  });
});

describe('PGlite on a worker thread, in a data directory', () => {
  it('keeps what was written across a close and a new start, and refuses calls after close', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-worker-'));
    try {
      const first = await createPgliteWorkerDb(dir);
      await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await first.close();
      await expect(first.query('SELECT 1')).rejects.toThrow(/stopped/);
      const second = await createPgliteWorkerDb(dir);
      try {
        expect(await second.query('SELECT v FROM kept')).toEqual([{ v: 'still here' }]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('the order of waiting work', () => {
    // A statement of about 10 ms, and one of a fraction of a millisecond; taught first.
    const slowOn = (on: Db) => (n: number) =>
      on.query<{ n: number }>('SELECT count(*)::int + $1 AS n FROM generate_series(1, 150000)', [n]);
    const quickOn = (on: Db) => (n: number) => on.query<{ n: number }>('SELECT $1::int AS n', [n]);
    const teachOn = async (on: Db) => {
      for (let i = 0; i < 5; i++) await Promise.all([slowOn(on)(i), quickOn(on)(i)]);
    };
    const [slow, quick, teach] = [slowOn(db), quickOn(db), () => teachOn(db)];

    it('answers a quick statement before the slow ones that came before it', async () => {
      // Nothing counts as overdue here: on a busy machine one slow statement may take 100 ms.
      const patient = await createPgliteWorkerDb(undefined, { overdueMs: 600_000 });
      try {
        await teachOn(patient);
        const done: string[] = [];
        const all = [0, 1, 2, 3, 4].map((i) => slowOn(patient)(i).then(() => void done.push(`slow ${i}`)));
        all.push(quickOn(patient)(9).then(() => void done.push('quick')));
        await Promise.all(all);
        // At most the one already running goes before it; in arrival order it would be last.
        expect(done.indexOf('quick')).toBeLessThanOrEqual(1);
        expect(done.filter((d) => d.startsWith('slow'))).toEqual(['slow 0', 'slow 1', 'slow 2', 'slow 3', 'slow 4']);
      } finally {
        await patient.close();
      }
    });

    it('gives a statement that has waited 100 ms its turn before quicker work still waiting', async () => {
      await teach();
      const done: string[] = [];
      const started = performance.now();
      let slowAfter = 0;
      const first = slow(0);
      const waitingSlow = slow(1).then(() => void (slowAfter = performance.now() - started));
      // Enough quick work, sent at once, to keep it busy well past 100 ms.
      const quicks = Array.from({ length: 3000 }, (_, i) => quick(i).then(() => void done.push('quick')));
      const lastQuick = Promise.all(quicks).then(() => performance.now() - started);
      await first;
      await waitingSlow;
      const quickAfter = await lastQuick;
      expect(quickAfter).toBeGreaterThan(150);
      // It went once it had waited its 100 ms, while quick work was still waiting.
      expect(slowAfter).toBeLessThan(quickAfter);
      expect(done.length).toBe(3000);
    });
  });
});
