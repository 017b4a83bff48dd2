import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';
import { createPgDb, isStatementTimeout } from './db';
import { DEFAULT_SEARCH_CONNECTIONS, SEARCH_LANE_TIMEOUT_MS } from './search-lane';

const { db, drop, url } = await testDb();
afterAll(drop);

describe.runIf(ENGINE === 'postgres')('Db.searchQuery on PostgreSQL', () => {
  it('cancels a statement past its timeout, and leaves the other connections free meanwhile', async () => {
    const slow = Array.from({ length: DEFAULT_SEARCH_CONNECTIONS + 1 }, () =>
      db.searchQuery(`SELECT pg_sleep(${SEARCH_LANE_TIMEOUT_MS / 1000 + 5})`).catch((e: unknown) => e),
    );
    // Every search connection is busy: a plain statement still gets one of the others at once.
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    for (const error of await Promise.all(slow)) expect(isStatementTimeout(error)).toBe(true);
    expect(await db.searchQuery<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
  }, 30_000);

  it('holds as many connections as SEARCH_CONNECTIONS gives it, and no more', async () => {
    const wider = createPgDb(url!, { searchConnections: 2 });
    const sleeping = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'SELECT pg_sleep(1.5)%'",
        )
      )[0]!.n;
    try {
      const searches = Array.from({ length: 3 }, () => wider.searchQuery('SELECT pg_sleep(1.5)'));
      // Two run together; the third waits for a connection of the two.
      await expect.poll(sleeping, { timeout: 10_000, interval: 50 }).toBe(2);
      await Promise.all(searches);
    } finally {
      await wider.close();
    }
  }, 30_000);
});

describe.runIf(ENGINE === 'pglite')('Db.searchQuery on PGlite', () => {
  it('is the one connection', async () => {
    expect(await db.searchQuery<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
  });
});
