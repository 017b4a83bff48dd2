import { EventEmitter } from 'node:events';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The NOTIFY channel on which a request for an upload's lock asks its holder to let go. */
const CHANNEL = 'tus_release';
/** The first key of the two-key advisory locks of uploads (their id's hash is the second). */
const NAMESPACE = 'tus-upload';
/** How often a waiting request tries the lock again, and asks again. */
const RETRY_MS = 50;
const ASK_AGAIN_MS = 500;
/** A lost LISTEN connection is opened again after 100 ms, then after twice as long each time that fails, at most 2 s. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 2000;
/** A connection attempt that hangs (a server gone without a word) fails after this. */
const CONNECT_TIMEOUT_MS = 5000;
/** The LISTEN connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'tus-lock-listener';
/** The application_name of the connections that hold locks. */
export const LOCK_CONNECTION_NAME = 'tus-lock';
/** What /readyz answers while the LISTEN connection is down. */
export const LISTENER_DOWN = 'tus lock connection down';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'debug'>;
const silent: Log = { info: () => undefined, warn: () => undefined, debug: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ended = () => new Error('Connection ended');

/**
 * The LISTEN connection's state: opening for the first time, listening, down (lost or never
 * opened; being opened again), closed with the locker.
 */
export type ListenerState = 'connecting' | 'listening' | 'down' | 'closed';

export interface PgLockerOptions {
  /** How long a request waits for a held lock (and for the LISTEN connection) before ERR_LOCK_TIMEOUT. */
  timeoutMs?: number;
  /** The most locks held at once: each holds a connection of the locker's pool. */
  max?: number;
  /** The app's logger: the LISTEN connection lost and restored, locks lost with their connection. */
  log?: Log;
}

/**
 * tus locks that every instance on one PostgreSQL honours. @tus/server's own MemoryLocker holds
 * them in one process, so two PATCHes to one upload through two instances could write at the
 * same offset at once. Here an upload's lock is a session-level advisory lock, held on a
 * connection of its own for as long as the request holds it (a crashed instance's connection
 * drops, and its locks with it). As with the MemoryLocker, a request that wants a held lock asks
 * its holder to let go (tus: the newer request wins, the older one ends): by NOTIFY, which every
 * instance LISTENs to, so the holder may run anywhere.
 *
 * Connections drop (PostgreSQL restarts, fails over, a proxy cuts them). The LISTEN connection,
 * opened with the locker, is opened again with backoff and LISTENs again; until then the
 * instance cannot hear requests for its locks, so it takes none (a request waits for the
 * connection, within its lock timeout) and `readiness()` says why it is not ready. A lock whose
 * connection drops went with it on the server: the locker forgets it and asks the request
 * holding it to stop. Events: `lost` (the LISTEN connection, with the error), `restored`
 * (`{ downMs }`).
 *
 * Each request holding a lock holds one connection of this locker's pool (`max`).
 */
export class PgLocker extends EventEmitter implements Locker {
  readonly pool: pg.Pool;
  readonly timeoutMs: number;
  readonly log: Log;
  /** The release requests of the locks this instance holds, by upload id. */
  readonly held = new Map<string, RequestRelease>();
  private listener: pg.Client | null = null;
  private current: ListenerState = 'connecting';
  private downSince = 0;
  /** Failed attempts since the connection was lost (the backoff's exponent). */
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private attempt: Promise<void> | null = null;
  /** Requests waiting for the LISTEN connection: told true once it listens, false when the locker closes. */
  private readonly waiters = new Set<(listening: boolean) => void>();

  constructor(
    private readonly connectionString: string,
    options: PgLockerOptions = {},
  ) {
    super();
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.log = options.log ?? silent;
    this.pool = new pg.Pool({
      connectionString,
      max: options.max ?? 100,
      application_name: LOCK_CONNECTION_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    // An idle client that loses its connection must not crash the process.
    this.pool.on('error', () => undefined);
    this.connect();
  }

  get state(): ListenerState {
    return this.current;
  }

  /** Why the instance is not ready (its LISTEN connection is down), or null. */
  readiness(): string | null {
    return this.current === 'down' ? LISTENER_DOWN : null;
  }

  newLock(id: string): Lock {
    return new PgLock(id, this);
  }

  /** Resolves true once the LISTEN connection listens, false if it does not before `deadline`, `stop` or close. */
  listening(stop: AbortSignal, deadline: number): Promise<boolean> {
    if (this.current === 'listening') return Promise.resolve(true);
    if (this.current === 'closed' || stop.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (listening: boolean) => {
        clearTimeout(timer);
        stop.removeEventListener('abort', abort);
        this.waiters.delete(done);
        resolve(listening);
      };
      const abort = () => done(false);
      const timer = setTimeout(abort, Math.max(0, deadline - Date.now()));
      stop.addEventListener('abort', abort, { once: true });
      this.waiters.add(done);
    });
  }

  /** One attempt to open the LISTEN connection; on failure the next is scheduled. */
  private connect(): void {
    this.timer = null;
    const client = new pg.Client({
      connectionString: this.connectionString,
      application_name: LISTENER_NAME,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let gone: Error | null = null;
    const drop = (error?: Error) => {
      if (gone) return;
      gone = error ?? ended();
      if (this.listener === client) this.lost(client, gone);
    };
    // 'end' follows 'error', or comes alone when the socket just closes.
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (note) => {
      if (note.channel === CHANNEL && note.payload) void this.held.get(note.payload)?.();
    });
    this.attempt = (async () => {
      try {
        await client.connect();
        await client.query(`LISTEN ${CHANNEL}`);
      } catch (error) {
        gone ??= error as Error;
      }
      if (gone || this.current === 'closed') {
        void client.end().catch(() => undefined);
        if (this.current !== 'closed') this.failed(gone ?? ended());
        return;
      }
      this.listener = client;
      this.listened();
    })();
  }

  private listened(): void {
    const was = this.current;
    this.current = 'listening';
    if (was === 'down') {
      const downMs = Date.now() - this.downSince;
      this.log.info({ downMs, attempts: this.attempts }, 'tus lock connection restored');
      this.emit('restored', { downMs });
    }
    this.attempts = 0;
    for (const wake of [...this.waiters]) wake(true);
  }

  private lost(client: pg.Client, error: Error): void {
    this.listener = null;
    void client.end().catch(() => undefined);
    if (this.current === 'closed') return;
    this.current = 'down';
    this.downSince = Date.now();
    this.attempts = 0;
    // Notifications sent meanwhile are not heard: a waiting request asks again every ASK_AGAIN_MS.
    this.log.warn({ err: error }, 'tus lock connection lost');
    this.emit('lost', error);
    this.schedule();
  }

  private failed(error: Error): void {
    if (this.current === 'connecting') {
      this.current = 'down';
      this.downSince = Date.now();
      this.log.warn({ err: error }, 'tus lock connection could not be opened');
      this.emit('lost', error);
    } else {
      this.log.debug({ err: error, attempts: this.attempts }, 'tus lock connection still down');
    }
    this.schedule();
  }

  private schedule(): void {
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** this.attempts++);
    this.timer = setTimeout(() => this.connect(), delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.current === 'closed') return;
    this.current = 'closed';
    if (this.timer) clearTimeout(this.timer);
    for (const wake of [...this.waiters]) wake(false);
    await this.attempt;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}

class PgLock implements Lock {
  private client: pg.PoolClient | null = null;
  private release: RequestRelease | null = null;
  /** Set when the held lock's connection dropped: the lock went with it. */
  private gone: Error | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PgLocker,
  ) {}

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { locker } = this;
    const deadline = Date.now() + locker.timeoutMs;
    const over = () => stop.aborted || Date.now() > deadline;
    let askedAt = 0;
    while (!over()) {
      // A holder must hear when another request asks for its lock: none is taken without the LISTEN connection.
      if (!(await locker.listening(stop, deadline))) break;
      const client = await locker.pool.connect().catch(() => null);
      if (!client) {
        await sleep(RETRY_MS);
        continue;
      }
      // A connection that drops while the request waits must not crash the process (a checked-out
      // client has no listener of the pool's): it is ended, and the wait goes on with another.
      let dropped: Error | null = null;
      const drop = (error?: Error) => void (dropped ??= error ?? ended());
      client.on('error', drop);
      client.on('end', drop);
      try {
        while (!over() && !dropped && locker.state === 'listening') {
          const [row] = (
            await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS got', [NAMESPACE, this.id])
          ).rows;
          if (row?.got && !dropped) {
            client.off('error', drop);
            client.off('end', drop);
            this.hold(client, requestRelease);
            return;
          }
          if (Date.now() - askedAt >= ASK_AGAIN_MS) {
            askedAt = Date.now();
            await client.query('SELECT pg_notify($1, $2)', [CHANNEL, this.id]);
          }
          await sleep(RETRY_MS);
        }
      } catch (error) {
        dropped ??= error as Error;
      }
      client.off('error', drop);
      client.off('end', drop);
      // A connection that failed may still hold the lock: end it rather than give it to another request.
      client.release(dropped ?? undefined);
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  private hold(client: pg.PoolClient, requestRelease: RequestRelease): void {
    this.client = client;
    this.release = requestRelease;
    this.gone = null;
    client.on('error', this.lost);
    client.on('end', this.lost);
    this.locker.held.set(this.id, requestRelease);
  }

  /** The held lock's connection dropped, and the lock with it on the server: forget it, and stop the request holding it. */
  private readonly lost = (error?: Error) => {
    if (!this.client || this.gone) return;
    this.gone = error ?? ended();
    this.forget();
    this.locker.log.warn({ err: this.gone, uploadId: this.id }, 'tus lock lost with its connection');
    void this.release?.();
  };

  private forget(): void {
    if (this.locker.held.get(this.id) === this.release) this.locker.held.delete(this.id);
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    const gone = this.gone;
    this.forget();
    this.client = null;
    this.release = null;
    this.gone = null;
    let failed: Error | undefined = gone ?? undefined;
    // A lock lost with its connection is no longer there to unlock.
    if (!gone) {
      try {
        await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [NAMESPACE, this.id]);
      } catch (error) {
        failed = error as Error;
      }
    }
    client.off('error', this.lost);
    client.off('end', this.lost);
    // A connection that failed may still hold the lock: end it rather than give it to another request.
    client.release(failed);
  }
}
