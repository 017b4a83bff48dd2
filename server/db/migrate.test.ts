import { describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';
import { createPgDb } from './db';
import { migrate, migrationFiles } from './migrate';
import { scratchSchema } from './scratch-schema';

// A fresh PGlite with every migration takes seconds, and many more while other suites run.
describe('migrate', { timeout: 120_000 }, () => {
  it('applies every migration once, in order, and records them', async () => {
    const { db, drop } = await testDb();
    const first = await migrate(db);
    expect(first).toEqual([...first].sort());
    expect(first[0]).toMatch(/^001_/);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(first);
    await drop();
  });

  it('rolls back a failing migration and leaves the database usable', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
    writeFileSync(join(dir, '001_ok.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(join(dir, '002_bad.sql'), 'CREATE TABLE b (id int); SELECT * FROM missing_table;');
    const { db, drop } = await testDb();
    await expect(migrate(db, dir)).rejects.toThrow(/002_bad\.sql/);
    expect(await db.query("SELECT to_regclass('b') AS t")).toEqual([{ t: null }]);
    expect((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name)).toEqual(['001_ok.sql']);
    await drop();
  });

  it('applies each file once when two starts run at the same moment (the second skips what the first applied)', async () => {
    const { db, drop } = await testDb();
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([...a, ...b].sort()).toEqual(migrationFiles());
    const recorded = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(migrationFiles());
    await drop();
  });
});

/**
 * On a real PostgreSQL (the `server:postgres` project), two instances' pools started together, as an
 * orchestrator starts them: without the lock one of them died in migration 003
 * (`duplicate key value violates unique constraint "pg_type_typname_nsp_index"`).
 */
describe.runIf(ENGINE === 'postgres')('migrate on PostgreSQL', { timeout: 120_000 }, () => {
  it('two instances started at the same moment both come up, with every file applied once', async () => {
    const scratch = await scratchSchema(process.env.TEST_DATABASE_URL!, 'test_migrate');
    const first = createPgDb(scratch.url);
    const second = createPgDb(scratch.url);
    try {
      const [a, b] = await Promise.all([migrate(first), migrate(second)]);
      expect([...a, ...b].sort()).toEqual(migrationFiles());
      const recorded = await first.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.map((r) => r.name)).toEqual(migrationFiles());
    } finally {
      await first.close();
      await second.close();
      await scratch.drop();
    }
  });
});
