import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';
import { isStatementTimeout, SEARCH_LANE_CONNECTIONS, SEARCH_LANE_TIMEOUT_MS } from './db';

const { db, drop } = await testDb();
afterAll(drop);

describe.runIf(ENGINE === 'postgres')('Db.searchQuery on PostgreSQL', () => {
  it('cancels a statement past its timeout, and leaves the other connections free meanwhile', async () => {
    const slow = Array.from({ length: SEARCH_LANE_CONNECTIONS + 1 }, () => db.searchQuery(`SELECT pg_sleep(${SEARCH_LANE_TIMEOUT_MS / 1000 + 5})`).catch((e: unknown) => e));
    // Every search connection is busy: a plain statement still gets one of the others at once.
    expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    for (const error of await Promise.all(slow)) expect(isStatementTimeout(error)).toBe(true);
    expect(await db.searchQuery<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
  }, 30_000);
});

describe.runIf(ENGINE === 'pglite')('Db.searchQuery on PGlite', () => {
  it('is the one connection', async () => {
    expect(await db.searchQuery<{ n: number }>('SELECT 2 AS n')).toEqual([{ n: 2 }]);
  });
});
