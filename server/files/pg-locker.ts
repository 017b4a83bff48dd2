import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import pg from 'pg';

/** The NOTIFY channel on which a request for an upload's lock asks its holder to let go. */
const CHANNEL = 'tus_release';
/** The first key of the two-key advisory locks of uploads (their id's hash is the second). */
const NAMESPACE = 'tus-upload';
/** How often a waiting request tries the lock again, and asks again. */
const RETRY_MS = 50;
const ASK_AGAIN_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * tus locks that every instance on one PostgreSQL honours. @tus/server's own MemoryLocker holds
 * them in one process, so two PATCHes to one upload through two instances could write at the
 * same offset at once. Here an upload's lock is a session-level advisory lock, held on a
 * connection of its own for as long as the request holds it (a crashed instance's connection
 * drops, and its locks with it). As with the MemoryLocker, a request that wants a held lock asks
 * its holder to let go (tus: the newer request wins, the older one ends): by NOTIFY, which every
 * instance LISTENs to, so the holder may run anywhere.
 *
 * Each request holding a lock holds one connection of this locker's pool (`max`).
 */
export class PgLocker implements Locker {
  readonly pool: pg.Pool;
  /** The release requests of the locks this instance holds, by upload id. */
  readonly held = new Map<string, RequestRelease>();
  private listener: Promise<pg.Client> | null = null;

  constructor(
    connectionString: string,
    readonly timeoutMs = 30_000,
    max = 100,
  ) {
    this.pool = new pg.Pool({ connectionString, max });
    // An idle client that loses its connection must not crash the process.
    this.pool.on('error', () => undefined);
  }

  newLock(id: string): Lock {
    return new PgLock(id, this);
  }

  /** The LISTEN connection, opened once: a notification asks the holder of that upload's lock to let go. */
  listen(): Promise<pg.Client> {
    this.listener ??= (async () => {
      const client = new pg.Client({ connectionString: this.pool.options.connectionString });
      client.on('error', () => undefined);
      client.on('notification', (note) => {
        if (note.channel === CHANNEL && note.payload) void this.held.get(note.payload)?.();
      });
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      return client;
    })();
    this.listener.catch(() => (this.listener = null));
    return this.listener;
  }

  async close(): Promise<void> {
    const listener = await this.listener?.catch(() => null);
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }
}

class PgLock implements Lock {
  private client: pg.PoolClient | null = null;

  constructor(
    private readonly id: string,
    private readonly locker: PgLocker,
  ) {}

  async lock(stop: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    await this.locker.listen();
    const client = await this.locker.pool.connect();
    const deadline = Date.now() + this.locker.timeoutMs;
    let askedAt = 0;
    try {
      for (;;) {
        if (stop.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        const [row] = (await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS got', [NAMESPACE, this.id])).rows;
        if (row?.got) break;
        if (Date.now() - askedAt >= ASK_AGAIN_MS) {
          askedAt = Date.now();
          await client.query('SELECT pg_notify($1, $2)', [CHANNEL, this.id]);
        }
        await sleep(RETRY_MS);
      }
    } catch (error) {
      client.release();
      throw error;
    }
    // A lock whose connection dropped is no longer held: the request holding it must stop.
    client.on('error', this.lost);
    this.client = client;
    this.locker.held.set(this.id, requestRelease);
  }

  private readonly lost = () => void this.locker.held.get(this.id)?.();

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error('Releasing an unlocked lock!');
    this.client = null;
    client.off('error', this.lost);
    this.locker.held.delete(this.id);
    try {
      await client.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', [NAMESPACE, this.id]);
      client.release();
    } catch (error) {
      // A connection that failed may still hold the lock: end it rather than give it to another request.
      client.release(error as Error);
    }
  }
}
