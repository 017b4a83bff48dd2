import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';
import { PgLocker } from './pg-locker';

/** Two instances' lockers on one PostgreSQL (the `server:postgres` project). */
describe.runIf(ENGINE === 'postgres')('PgLocker: tus locks shared by instances', () => {
  let first: PgLocker;
  let second: PgLocker;
  let drop: () => Promise<void>;
  const open = async () => {
    const scratch = await testDb();
    drop = scratch.drop;
    first = new PgLocker(scratch.url!, 1500);
    second = new PgLocker(scratch.url!, 1500);
  };
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await drop?.();
  });
  const never = () => new AbortController().signal;

  it('a request for a held lock asks its holder on the other instance to let go, then gets it', async () => {
    await open();
    const events: string[] = [];
    const held = first.newLock('upload-a');
    await held.lock(never(), async () => {
      events.push('asked to let go');
      await new Promise((r) => setTimeout(r, 100));
      events.push('released');
      await held.unlock();
    });
    const wanted = second.newLock('upload-a');
    await wanted.lock(never(), async () => undefined);
    events.push('taken by the other instance');
    expect(events).toEqual(['asked to let go', 'released', 'taken by the other instance']);
    await wanted.unlock();
  });

  it('a holder that does not let go keeps the lock: the other request ends with the lock timeout', async () => {
    const held = first.newLock('upload-b');
    await held.lock(never(), async () => undefined);
    const started = Date.now();
    await expect(second.newLock('upload-b').lock(never(), async () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    await held.unlock();
    // Let go: now it is free for anyone.
    const again = second.newLock('upload-b');
    await again.lock(never(), async () => undefined);
    await again.unlock();
  });

  it('a waiting request stops when its request is aborted', async () => {
    const held = first.newLock('upload-c');
    await held.lock(never(), async () => undefined);
    const stop = new AbortController();
    const waiting = second.newLock('upload-c').lock(stop.signal, async () => undefined);
    setTimeout(() => stop.abort(), 100);
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    await held.unlock();
  });

  it('locks of different uploads do not wait for each other', async () => {
    const a = first.newLock('upload-d');
    const b = second.newLock('upload-e');
    await a.lock(never(), async () => undefined);
    await b.lock(never(), async () => undefined);
    await a.unlock();
    await b.unlock();
  });

  it('the locks of an instance that dies go with its connection', async () => {
    const dying = new PgLocker(first.pool.options.connectionString!, 1500);
    await dying.newLock('upload-f').lock(never(), async () => undefined);
    // Its process is gone: PostgreSQL sees its connection drop (the only advisory lock held now).
    const [killed] = (
      await first.pool.query<{ n: number }>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND pid <> pg_backend_pid()")
    ).rows;
    expect(killed?.n).toBe(1);
    void dying.close().catch(() => undefined);
    const after = second.newLock('upload-f');
    await after.lock(never(), async () => undefined);
    await after.unlock();
  });
});
