import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';

const { db, drop } = await testDb();
afterAll(drop);

describe('Db.prepared (PGlite: PREPARE once, EXECUTE with literals)', () => {
  it('answers typed rows for text, numbers, booleans, dates and null', async () => {
    const sql = 'SELECT $1::text AS t, $2::int + 1 AS n, $3::boolean AS b, $4::timestamptz AS d, $5::text IS NULL AS z';
    const at = new Date('2026-11-23T01:02:03.456Z');
    const rows = await db.prepared<{ t: string; n: number; b: boolean; d: Date; z: boolean }>('test_types', sql, ['x', 41, true, at, null]);
    expect(rows).toEqual([{ t: 'x', n: 42, b: true, d: at, z: true }]);
  });

  it('keeps quotes, backslashes and SQL in a text as the text itself', async () => {
    for (const text of ["O'Brien", "'); DROP TABLE x; --", "back\\slash \\'", '双引号"和单引号\'', "$1 $$ E'x'"]) {
      expect(await db.prepared<{ t: string }>('test_text', 'SELECT $1::text AS t', [text])).toEqual([{ t: text }]);
    }
    // A NUL cannot be in a PostgreSQL text: refused by the PGlite adapter's literal, or by the server.
    await expect(db.prepared('test_text', 'SELECT $1::text AS t', ['nul\0'])).rejects.toThrow(ENGINE === 'pglite' ? /NUL/ : /0x00/);
  });

  it('prepares once under concurrent first calls, and refuses a name that is not an identifier', async () => {
    const calls = await Promise.all(
      Array.from({ length: 5 }, (_, i) => db.prepared<{ n: number }>('test_once', 'SELECT $1::int AS n', [i])),
    );
    expect(calls.map((r) => r[0]!.n)).toEqual([0, 1, 2, 3, 4]);
    expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = 'test_once'"))[0]!.n).toBe(1);
    await expect(db.prepared('x; DROP TABLE y', 'SELECT 1', [])).rejects.toThrow(/not a statement name/);
    await expect(db.transaction(() => db.prepared('test_once', 'SELECT $1::int AS n', [1]))).rejects.toThrow(/inside a transaction/);
  });
});
