import { describe, expect, it } from 'vitest';
import { createPgliteDb } from './db';
import { migrate } from './migrate';

// A fresh PGlite with every migration takes seconds, and many more while other suites run.
describe('migrate', { timeout: 120_000 }, () => {
  it('applies every migration once, in order, and records them', async () => {
    const db = await createPgliteDb();
    const first = await migrate(db);
    expect(first).toEqual([...first].sort());
    expect(first[0]).toMatch(/^001_/);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(first);
    await db.close();
  });

  it('rolls back a failing migration and leaves the database usable', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE b (id int); SELECT * FROM missing_table;');
    const db = await createPgliteDb();
    await expect(migrate(db, dir)).rejects.toThrow(/002_bad\.sql/);
    expect(await db.query("SELECT to_regclass('b') AS t")).toEqual([{ t: null }]);
    expect((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name)).toEqual(['001_ok.sql']);
    await db.close();
  });
});
