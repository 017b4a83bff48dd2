import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAttempts, deleteOldAttempts, giveBackAttempt, takeAttempt } from './attempt-repo';
import { ENGINE, testDb } from '../test/engine';
import type { Db } from './db';
import { migrate } from './migrate';

describe(`attempt counters on ${ENGINE}`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const MIN = 60_000;
  const t0 = new Date('2026-03-01T08:00:00Z');
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const scope = `test-${Math.random().toString(36).slice(2)}`;

  // Opened before the tests, not by the first one: each test may run alone or in any order.
  beforeAll(async () => {
    ({ db, drop } = await testDb());
    await migrate(db);
  });

  afterAll(async () => {
    await drop();
  });

  it('numbers concurrent attempts one by one: none is counted twice or lost', async () => {
    const numbers = await Promise.all(Array.from({ length: 30 }, () => takeAttempt(db, scope, 'k', 15 * MIN, t0)));
    expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('starts a new window once the old one is over, and not before', async () => {
    expect(await takeAttempt(db, scope, 'w', 15 * MIN, at(0))).toBe(1);
    expect(await takeAttempt(db, scope, 'w', 15 * MIN, at(14 * MIN))).toBe(2);
    // The window is fixed from its first attempt: later attempts do not extend it.
    expect(await takeAttempt(db, scope, 'w', 15 * MIN, at(15 * MIN))).toBe(1);
    expect(await takeAttempt(db, scope, 'w', 15 * MIN, at(16 * MIN))).toBe(2);
  });

  it('gives attempts back without going below zero, and clears them', async () => {
    await takeAttempt(db, scope, 'g', MIN, t0);
    await giveBackAttempt(db, scope, 'g');
    await giveBackAttempt(db, scope, 'g');
    expect(await takeAttempt(db, scope, 'g', MIN, t0)).toBe(1);
    await clearAttempts(db, scope, 'g');
    expect(await takeAttempt(db, scope, 'g', MIN, t0)).toBe(1);
  });

  it('housekeeping deletes counters whose window began before the cut-off', async () => {
    await takeAttempt(db, scope, 'old', MIN, at(-48 * 60 * MIN));
    await takeAttempt(db, scope, 'new', MIN, t0);
    await deleteOldAttempts(db, at(-24 * 60 * MIN));
    const keys = (
      await db.query<{ key: string }>("SELECT key FROM attempt_counters WHERE scope = $1 AND key IN ('old', 'new')", [scope])
    ).map((r) => r.key);
    expect(keys).toEqual(['new']);
  });
});
