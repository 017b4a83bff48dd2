import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataLock, DataDirInUseError, LOCK_FILE, lockHolder, STALE_MS, type LockHolder } from './data-lock';

const dirs: string[] = [];
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A lock as another process left it: `pid`, renewed `age` ms ago. */
function lockOf(dir: string, holder: Partial<LockHolder> & { pid: number }, age = 0): void {
  const file = join(dir, LOCK_FILE);
  writeFileSync(file, JSON.stringify({ kind: 'service', port: 19150, since: '2026-11-27T00:00:00.000Z', token: 'theirs', ...holder }));
  const at = new Date(Date.now() - age);
  utimesSync(file, at, at);
}

/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

describe('one writer per embedded data folder', () => {
  it('is taken by the first, refused to a second naming the holder, and free again once released', async () => {
    const dir = folder();
    const lock = await acquireDataLock(dir, 'service');
    lock.update({ port: 19150, host: '0.0.0.0' });
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, kind: 'service', port: 19150 });
    const second = await acquireDataLock(dir, 'cli').catch((error: unknown) => error);
    expect(second).toBeInstanceOf(DataDirInUseError);
    expect((second as Error).message).toMatch(new RegExp(`the bid service \\(pid ${process.pid}, port 19150\\)`));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(lockHolder(dir)).toBeNull();
    (await acquireDataLock(dir, 'cli')).release();
  });

  it('is refused while another live process holds it and renews it', async () => {
    const dir = folder();
    lockOf(dir, { pid: process.ppid }, 1000);
    await expect(acquireDataLock(dir, 'service')).rejects.toThrow(`pid ${process.ppid}, port 19150`);
    expect(lockHolder(dir)?.pid).toBe(process.ppid);
  });

  it("is taken over from a killed process, from a holder that stopped renewing it (its pid reused), and from this process's former life", async () => {
    for (const [holder, age] of [
      [{ pid: deadPid() }, 0],
      [{ pid: process.ppid }, STALE_MS + 1000],
      [{ pid: process.pid, token: 'a former life' }, 0],
    ] as const) {
      const dir = folder();
      lockOf(dir, holder, age);
      expect(lockHolder(dir)).toBeNull();
      const lock = await acquireDataLock(dir, 'service');
      expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid, token: lock.holder.token });
      lock.release();
    }
  });

  it('lets exactly one of several taking over the same stale lock at once have it', async () => {
    const dir = folder();
    lockOf(dir, { pid: deadPid() });
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => acquireDataLock(dir, 'cli')));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirInUseError);
    (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireDataLock>>>).value.release();
  });

  it('leaves a lock taken over meanwhile in place at release', async () => {
    const dir = folder();
    const lock = await acquireDataLock(dir, 'service');
    lockOf(dir, { pid: process.ppid, token: 'the new holder' });
    lock.release();
    expect(lockHolder(dir)?.token).toBe('the new holder');
  });
});
