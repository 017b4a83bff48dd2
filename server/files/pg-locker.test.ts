import { once } from 'node:events';
import { ERRORS } from '@tus/server';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE, testDb } from '../test/engine';
import { LISTENER_DOWN, PgLocker } from './pg-locker';

/** Two instances' lockers on one PostgreSQL (the `server:postgres` project). */
describe.runIf(ENGINE === 'postgres')('PgLocker: tus locks shared by instances', () => {
  let first: PgLocker;
  let second: PgLocker;
  let drop: () => Promise<void>;
  const open = async () => {
    const scratch = await testDb();
    drop = scratch.drop;
    first = new PgLocker(scratch.url!, { timeoutMs: 1500 });
    second = new PgLocker(scratch.url!, { timeoutMs: 1500 });
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
    const dying = new PgLocker(first.pool.options.connectionString!, { timeoutMs: 1500 });
    await dying.newLock('upload-f').lock(never(), async () => undefined);
    // Its process is gone: PostgreSQL sees its connection drop (the only advisory lock held now).
    const [killed] = (
      await first.pool.query<{ n: number }>(
        "SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND pid <> pg_backend_pid()",
      )
    ).rows;
    expect(killed?.n).toBe(1);
    void dying.close().catch(() => undefined);
    const after = second.newLock('upload-f');
    await after.lock(never(), async () => undefined);
    await after.unlock();
  });

  /**
   * A locker whose connections carry a name of their own (the URL's application_name wins), so
   * that a test ends only its connections (other suites may share the cluster).
   */
  const named = (name: string, options: ConstructorParameters<typeof PgLocker>[1] = {}) =>
    new PgLocker(`${first.pool.options.connectionString!}&application_name=${name}`, { timeoutMs: 1500, ...options });
  /** Ends connections the way a restarting server does (pg_terminate_backend); answers how many. */
  const terminate = async (where: string, params: unknown[]) => {
    const [row] = (
      await first.pool.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND ${where}`,
        params,
      )
    ).rows;
    return row!.n;
  };

  it('a lost LISTEN connection is opened again: not ready meanwhile, and the holder hears requests for its lock once it listens again', async () => {
    const lines: Array<{ level: string; msg: string; downMs?: number }> = [];
    const log = (level: string) => (obj: object, msg?: string) => void lines.push({ level, msg: msg ?? '', ...obj });
    const holder = named('pg_locker_test_listener', {
      timeoutMs: 5000,
      log: { info: log('info'), warn: log('warn'), debug: log('debug') } as never,
    });
    try {
      expect(await holder.listening(never(), Date.now() + 5000)).toBe(true);
      expect(holder.readiness()).toBeNull();
      const lost = once(holder, 'lost');
      expect(await terminate("application_name = $1 AND query LIKE 'LISTEN%'", ['pg_locker_test_listener'])).toBe(1);
      await lost;
      expect(holder.state).toBe('down');
      expect(holder.readiness()).toBe(LISTENER_DOWN);
      expect(lines.find((l) => l.msg === 'tus lock connection lost')?.level).toBe('warn');
      // No lock is taken while the holder could not hear that another request wants it.
      const early = holder.newLock('upload-g');
      let took = false;
      const taking = early.lock(never(), async () => undefined).then(() => (took = true));
      const [restored] = (await once(holder, 'restored')) as [{ downMs: number }];
      expect(restored.downMs).toBeGreaterThan(0);
      expect(took).toBe(false);
      expect(holder.state).toBe('listening');
      expect(holder.readiness()).toBeNull();
      expect(lines.find((l) => l.msg === 'tus lock connection restored')).toMatchObject({ level: 'info', downMs: restored.downMs });
      await taking;
      await early.unlock();

      // It hears again: a request on the other instance makes it let go.
      const held = holder.newLock('upload-g');
      let asked = false;
      await held.lock(never(), async () => {
        asked = true;
        await held.unlock();
      });
      const wanted = second.newLock('upload-g');
      await wanted.lock(never(), async () => undefined);
      expect(asked).toBe(true);
      await wanted.unlock();
    } finally {
      await holder.close();
    }
  });

  it('a lock whose connection drops is forgotten and its request told to stop; unlocking it later does not fail', async () => {
    const holder = named('pg_locker_test_holder');
    try {
      const held = holder.newLock('upload-h');
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      await held.lock(never(), async () => stop());
      expect(holder.held.has('upload-h')).toBe(true);
      expect(
        await terminate("application_name = $1 AND pid IN (SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2)", [
          'pg_locker_test_holder',
        ]),
      ).toBe(1);
      await stopped;
      expect(holder.held.has('upload-h')).toBe(false);
      await held.unlock();
      // The server let it go with the connection: the other instance takes it at once, nobody asked.
      const after = second.newLock('upload-h');
      await after.lock(never(), async () => undefined);
      await after.unlock();
    } finally {
      await holder.close();
    }
  });

  it('a request waiting for a lock outlives its connection dropping, and gets the lock once it is let go', async () => {
    const waiter = named('pg_locker_test_waiter');
    try {
      const held = first.newLock('upload-i');
      await held.lock(never(), async () => undefined);
      const wanted = waiter.newLock('upload-i');
      const waiting = wanted.lock(never(), async () => undefined);
      // The waiting request's connection (the only one of its pool) has asked the holder to let go.
      const asking = "application_name = $1 AND query LIKE '%pg_notify%'";
      await until(
        async () => (await first.pool.query(`SELECT 1 FROM pg_stat_activity WHERE ${asking}`, ['pg_locker_test_waiter'])).rowCount === 1,
      );
      expect(await terminate(asking, ['pg_locker_test_waiter'])).toBe(1);
      await held.unlock();
      await waiting;
      await wanted.unlock();
    } finally {
      await waiter.close();
    }
  });
});

/** Polls until `check` holds (at most 20 s: 5 s ran out on a loaded machine's PostgreSQL). */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  for (const end = Date.now() + 20_000; !(await check());) {
    if (Date.now() > end) throw new Error('waited 20 s in vain');
    await new Promise((r) => setTimeout(r, 10));
  }
}
