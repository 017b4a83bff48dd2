import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One writer per embedded data folder (DATA_DIR without DATABASE_URL). PGlite admits one process
 * on its files, and neither PGlite nor the folder refuses a second: a second service, or the CLI
 * opening the folder beside a running service, wrote to a copy of the database that the next
 * start threw away. So whoever writes the folder holds `DATA_DIR/writer.lock`: the service for
 * as long as it runs (with where it listens, so the CLI finds it through the folder), the CLI
 * for one command when no service runs. On PostgreSQL there is no lock: many instances are the
 * design.
 *
 * The lock is a file created exclusively (`wx`), holding who holds it, whose modification time
 * the holder renews every HEARTBEAT_MS. It is stale, and taken over, when its process is gone,
 * or when the time has not been renewed for STALE_MS (the process id was reused by another
 * program, as after a container's restart). Two processes taking over the same stale lock do it
 * one at a time (`writer.lock.takeover`, a directory: made by one of them only), and the lock is
 * only removed while it is still the stale one both read.
 */
export const LOCK_FILE = 'writer.lock';
const TAKEOVER_DIR = 'writer.lock.takeover';
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;
/** A lock whose holder is still writing it (an empty or half-written file) is left alone this long. */
const WRITING_MS = 5_000;

export interface LockHolder {
  pid: number;
  kind: 'service' | 'cli';
  /** Where the service listens, once it does. */
  port?: number;
  host?: string;
  /** When it was taken (ISO). */
  since: string;
  /** Tells one holding apart from another by the same process. */
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const what =
      holder.kind === 'service'
        ? `the bid service (pid ${holder.pid}${holder.port ? `, port ${holder.port}` : ', starting'})`
        : `an operator command (pid ${holder.pid})`;
    super(`${dataDir} is in use by ${what} since ${holder.since}: one process writes an embedded data folder at a time`);
    this.name = 'DataDirInUseError';
  }
}

export interface DataLock {
  readonly holder: LockHolder;
  /** Adds to what the lock says (the port, once the service listens). */
  update(fields: Partial<Pick<LockHolder, 'port' | 'host'>>): void;
  /** Gives the folder up (idempotent). */
  release(): void;
}

/** The holdings of this process, by token: a lock naming this pid under another token is a former life's. */
const ownTokens = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has it, so it lives.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Read = { holder: LockHolder; renewedAt: number } | { holder: null; renewedAt: number } | null;

/** The lock file as it is: its holder (null while unreadable) and when it was last renewed; null when there is none. */
function readLock(file: string): Read {
  let renewedAt: number;
  let text: string;
  try {
    renewedAt = statSync(file).mtimeMs;
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return typeof holder?.pid === 'number' && typeof holder.token === 'string' ? { holder, renewedAt } : { holder: null, renewedAt };
  } catch {
    return { holder: null, renewedAt };
  }
}

function isLive(read: NonNullable<Read>, now: number): boolean {
  const { holder, renewedAt } = read;
  if (!holder) return now - renewedAt < WRITING_MS;
  if (holder.pid === process.pid) return ownTokens.has(holder.token);
  return alive(holder.pid) && now - renewedAt < STALE_MS;
}

/** Who holds `dataDir` now, or null when no live process does. */
export function lockHolder(dataDir: string, now = Date.now()): LockHolder | null {
  const read = readLock(join(dataDir, LOCK_FILE));
  return read?.holder && isLive(read, now) ? read.holder : null;
}

/** Removes the stale lock `seen`, one process at a time, and only if it is still the one seen. */
async function takeOver(dataDir: string, seen: NonNullable<Read>): Promise<void> {
  const guard = join(dataDir, TAKEOVER_DIR);
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking it over; a guard left by one killed meanwhile is removed.
    const madeAt = statSync(guard, { throwIfNoEntry: false })?.mtimeMs;
    if (madeAt !== undefined && Date.now() - madeAt > WRITING_MS) rmSync(guard, { recursive: true, force: true });
    await sleep(50);
    return;
  }
  try {
    const now = readLock(join(dataDir, LOCK_FILE));
    const same = now && now.renewedAt === seen.renewedAt && now.holder?.token === seen.holder?.token;
    if (same) unlinkSync(join(dataDir, LOCK_FILE));
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Takes `dataDir` for this process, or throws DataDirInUseError naming the live holder. The lock
 * is renewed while held and given up at `release()` or when the process exits.
 */
export async function acquireDataLock(dataDir: string, kind: LockHolder['kind']): Promise<DataLock> {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const holder: LockHolder = { pid: process.pid, kind, since: new Date().toISOString(), token: randomUUID() };
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(holder), { flag: 'wx', mode: 0o600 });
      return held(file, holder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const read = readLock(file);
    if (!read) continue;
    if (isLive(read, Date.now())) {
      if (read.holder) throw new DataDirInUseError(dataDir, read.holder);
      await sleep(50);
      continue;
    }
    await takeOver(dataDir, read);
  }
  throw new Error(`could not take the lock of ${dataDir}`);
}

function held(file: string, holder: LockHolder): DataLock {
  ownTokens.add(holder.token);
  let released = false;
  const renew = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // The folder went away: nothing to renew.
    }
  }, HEARTBEAT_MS);
  renew.unref();
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(renew);
    process.off('exit', release);
    ownTokens.delete(holder.token);
    // Only our own: a lock taken over meanwhile (this process was stopped past STALE_MS) stays.
    const read = readLock(file);
    if (read?.holder?.token === holder.token) unlinkSync(file);
  };
  process.on('exit', release);
  return {
    holder,
    update(fields) {
      Object.assign(holder, fields);
      // Replaced whole (a reader never sees half of it), and never absent meanwhile.
      const next = `${file}.${holder.token}`;
      writeFileSync(next, JSON.stringify(holder), { mode: 0o600 });
      renameSync(next, file);
    },
    release,
  };
}
