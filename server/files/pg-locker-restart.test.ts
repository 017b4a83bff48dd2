import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScratchPostgres } from '../../scripts/lib.mjs';
import { BASE_PATH, TUS_PATH } from '../../contract/http';
import { buildApp } from '../app';
import { tusDirectory } from '../routes/file/tus';
import { LISTENER_DOWN, LISTENER_NAME } from './pg-locker';

/**
 * A PostgreSQL cluster of this file's own (it is stopped and started in the middle of an upload,
 * which a cluster shared with other suites could not bear): skipped only where PostgreSQL is not
 * installed (startScratchPostgres answers null), as `npm test` skips its PostgreSQL project.
 */
const postgres = await startScratchPostgres();
const ENDPOINT = `${BASE_PATH}${TUS_PATH}`;

interface LogLine {
  level: number;
  msg: string;
  downMs?: number;
}

/** Polls `check` until it answers something truthy; fails after `ms` saying what it waited for. */
async function until<T>(what: string, check: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  for (const end = Date.now() + ms; ;) {
    const got = await check();
    if (got) return got;
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** pg_ctl on the cluster, as its owner: it stops with open connections cut (fast), and starts again with its own options. */
async function clusterControl(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const [row] = (
    await client.query<{ data: string; bin: string }>(
      "SELECT current_setting('data_directory') AS data, (SELECT setting FROM pg_config WHERE name = 'BINDIR') AS bin",
    )
  ).rows;
  await client.end();
  const { data, bin } = row!;
  const asRoot = process.getuid?.() === 0;
  const pgCtl = async (...args: string[]) => {
    const cmd = join(bin, 'pg_ctl');
    return promisify(execFile)(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args);
  };
  return {
    stop: () => pgCtl('-D', data, '-m', 'fast', '-w', 'stop'),
    // `restart` of a stopped cluster starts it with the options it last ran with (postmaster.opts).
    start: () => pgCtl('-D', data, '-l', join(dirname(data), 'log'), '-w', 'restart'),
  };
}

describe.skipIf(!postgres)('tus locks across a PostgreSQL restart (two instances, one cluster)', () => {
  let dataDir: string;
  const logs: Record<'a' | 'b', LogLine[]> = { a: [], b: [] };
  const apps: Record<'a' | 'b', FastifyInstance> = {} as never;
  let cluster: Awaited<ReturnType<typeof clusterControl>>;
  /** Request bodies left open by a failing test: ended, so that the apps can close. */
  const open: PassThrough[] = [];

  const instance = async (name: 'a' | 'b') => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) logs[name].push(JSON.parse(line) as LogLine);
    });
    apps[name] = await buildApp({ dataDir, databaseUrl: postgres!.url, logLevel: 'info', logStream: stream, listCacheMs: 0 });
  };
  const logged = (name: 'a' | 'b', msg: string) => logs[name].filter((l) => l.msg === msg);
  const ready = async (name: 'a' | 'b') => {
    const res = await apps[name].inject({ method: 'GET', url: '/readyz' });
    return { code: res.statusCode, body: res.json<{ status: string }>() };
  };
  const patch = (name: 'a' | 'b', id: string, offset: number, payload: Buffer | PassThrough) =>
    apps[name].inject({
      method: 'PATCH',
      url: `${ENDPOINT}/${id}`,
      headers: { 'tus-resumable': '1.0.0', 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      payload,
    });
  const head = async (name: 'a' | 'b', id: string) => {
    const res = await apps[name].inject({ method: 'HEAD', url: `${ENDPOINT}/${id}`, headers: { 'tus-resumable': '1.0.0' } });
    expect(res.statusCode).toBe(200);
    return Number(res.headers['upload-offset']);
  };
  const onDisk = (id: string) => statSync(join(tusDirectory(dataDir), id)).size;
  /** Runs one statement on a connection of its own; answers its rows. */
  const admin = async <T extends object>(sql: string, params: unknown[] = [], url = postgres!.url) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  /** The instances' connections that LISTEN for release requests. */
  const listeners = async () =>
    (
      await admin<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND query LIKE 'LISTEN%'", [
        LISTENER_NAME,
      ])
    )[0]!.n;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pg-locker-restart-'));
    cluster = await clusterControl(postgres!.url);
    // One after the other: the first applies the migrations.
    await instance('a');
    await instance('b');
  });
  afterAll(async () => {
    for (const body of open) body.end();
    await apps.a?.close();
    await apps.b?.close();
    postgres?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('an upload begun on one instance goes on through the other after PostgreSQL restarted: the lock is handed over, readiness is 503 while the lock connection is down', async () => {
    const bytes = randomBytes(1024 * 1024);
    const part = 256 * 1024;
    const created = await apps.a.inject({
      method: 'POST',
      url: ENDPOINT,
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length) },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.headers.location).split('/').at(-1)!;
    // Both instances listen before the restart (the LISTEN connection is opened with the app), and are ready.
    await until('both LISTEN connections', async () => (await listeners()) === 2);
    expect((await ready('a')).code).toBe(200);
    expect((await ready('b')).code).toBe(200);
    expect((await patch('a', id, 0, bytes.subarray(0, part))).statusCode).toBe(204);

    // PostgreSQL goes away: both instances see their lock connection drop, say so, and are not ready.
    await cluster.stop();
    await until(
      'the loss logged by both instances',
      () => logged('a', 'tus lock connection lost').length && logged('b', 'tus lock connection lost').length,
    );
    for (const name of ['a', 'b'] as const) {
      const res = await ready(name);
      expect(res.code).toBe(503);
      expect(['database unavailable', LISTENER_DOWN]).toContain(res.body.status);
    }

    await cluster.start();
    const back = Date.now();
    // The client goes on through the first instance on a bad link: its PATCH sends a part and stalls, holding the lock.
    const stalled = new PassThrough();
    open.push(stalled);
    const stale = patch('a', id, part, stalled);
    stalled.write(bytes.subarray(part, 2 * part));
    await until('the stalled part on disk', () => onDisk(id) === 2 * part);

    // It reconnects through the second instance: the first must hear the request and let go.
    const offset = await head('b', id);
    expect(offset).toBe(2 * part);
    const rest = await patch('b', id, offset, bytes.subarray(offset));
    const handedOverMs = Date.now() - back;
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(bytes.length));
    expect(handedOverMs).toBeLessThan(10_000);
    console.info(
      `upload handed over and completed through the other instance ${handedOverMs} ms after PostgreSQL was back (tus gives the holder 3 s to drain)`,
    );

    // The stale request wakes up with garbage: it was made to let go before the rest was written.
    stalled.end(Buffer.alloc(part));
    await stale;
    expect(readFileSync(join(tusDirectory(dataDir), id)).equals(bytes)).toBe(true);

    // Both said they are back, and are ready again.
    for (const name of ['a', 'b'] as const) {
      const restored = await until(`the restoration logged by ${name}`, () => logged(name, 'tus lock connection restored')[0]);
      expect(restored.level).toBe(30);
      expect(restored.downMs).toBeGreaterThan(0);
      console.info(`${name}: LISTEN connection restored after ${restored.downMs} ms down`);
      await until(`${name} ready again`, async () => (await ready(name)).code === 200);
    }
    expect(logged('a', 'tus lock connection lost')[0]!.level).toBe(40);
  }, 60_000);

  it('readiness is 503 with the lock connection as its reason while only that connection is down, 200 once it listens again', async () => {
    const count = (msg: string) => ({ a: logged('a', msg).length, b: logged('b', msg).length });
    const before = { lost: count('tus lock connection lost'), restored: count('tus lock connection restored') };
    // The database refuses new connections (the pools keep the ones they have, so it still answers),
    // and the LISTEN connections are cut: they cannot be opened again until it takes connections.
    for (const name of ['a', 'b'] as const) expect((await ready(name)).code).toBe(200);
    const other = postgres!.url.replace(/\/postgres$/, '/template1');
    await admin('ALTER DATABASE postgres ALLOW_CONNECTIONS false', [], other);
    try {
      const killed = await admin(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
        [LISTENER_NAME],
        other,
      );
      expect(killed).toHaveLength(2);
      for (const name of ['a', 'b'] as const) {
        await until(`the loss logged by ${name}`, () => logged(name, 'tus lock connection lost').length > before.lost[name]);
        expect(await ready(name)).toEqual({ code: 503, body: { status: LISTENER_DOWN } });
      }
    } finally {
      await admin('ALTER DATABASE postgres ALLOW_CONNECTIONS true', [], other);
    }
    for (const name of ['a', 'b'] as const) {
      await until(`the restoration logged by ${name}`, () => logged(name, 'tus lock connection restored').length > before.restored[name]);
      await until(`${name} ready again`, async () => (await ready(name)).code === 200);
      expect(await ready(name)).toEqual({ code: 200, body: { status: 'ready' } });
    }
    expect(await listeners()).toBe(2);
  });
});
