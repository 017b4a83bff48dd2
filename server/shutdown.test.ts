import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_PATH, HEADER } from '../contract/http';
import { freePort } from '../scripts/lib.mjs';
import { tusDirectory } from './routes/file/tus';
import { ENGINE } from './test/engine';

/**
 * SIGTERM while suppliers write: the real bid service process (server/main.ts) on its embedded
 * database is stopped in the middle of a stream of idempotent writes and a tus upload, then
 * started again on the same data. Every acknowledged write is stored once; every other one is
 * stored once or not at all, and sending it again with its key (as the portal's outbox does)
 * leaves it stored once; the upload in flight completed or resumes from its offset.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bid-shutdown-'));
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const until = Date.now() + 90_000; Date.now() < until;) {
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return proc;
    if (proc.exitCode !== null) throw new Error(`the bid service exited with ${proc.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the bid service did not start');
}

type Outcome = 'acknowledged' | 'refused' | 'unknown';

describe.runIf(ENGINE === 'pglite')('SIGTERM during writes', () => {
  it('exits 0 having finished what was in flight; nothing acknowledged is lost, nothing is doubled', async () => {
    const port = await freePort();
    const api = (path: string) => `http://127.0.0.1:${port}${BASE_PATH}${path}`;
    child = await start(port);
    const login = (await (
      await fetch(api('/supplier/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_a104', password: 'Demo1234' }),
      })
    ).json()) as {
      data: { oauthToken: string; supplierId: string };
    };
    const auth = { [HEADER.token]: login.data.oauthToken, [HEADER.supplierId]: login.data.supplierId };

    // A tus upload whose PATCH trickles in: 2 MB over about 3 seconds, in flight at the SIGTERM.
    const upload = randomBytes(2 * 1024 * 1024);
    const created = await fetch(api('/file/tus'), {
      method: 'POST',
      headers: {
        ...auth,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(upload.length),
        'Upload-Metadata': `filename ${Buffer.from('规格书.pdf').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const uploadUrl = new URL(created.headers.get('location')!, api('/')).toString();
    const patch = fetch(uploadUrl, {
      method: 'PATCH',
      headers: { ...auth, 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new ReadableStream({
        async start(controller) {
          for (let at = 0; at < upload.length; at += 64 * 1024) {
            controller.enqueue(upload.subarray(at, at + 64 * 1024));
            await new Promise((r) => setTimeout(r, 100));
          }
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit).then(
      (res) => ({ status: res.status, at: Date.now() }),
      () => ({ status: null, at: Date.now() }),
    );

    // Writes, 4 at a time, each with its own idempotency key, until the service is gone.
    const outcomes = new Map<string, Outcome>();
    let next = 0;
    let stopped = false;
    const write = async (topic: string): Promise<Outcome> => {
      try {
        const res = await fetch(api('/communication/save'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth, [HEADER.idempotencyKey]: `shutdown-${topic.slice(-3)}` },
          body: JSON.stringify({ priority: 'low', topic, content: '停机时的写入' }),
        });
        if (res.status === 503) return 'refused';
        const body = (await res.json()) as { code: string };
        return body.code === 'E000' ? 'acknowledged' : 'refused';
      } catch (error) {
        // Refused at connect: never reached the service. Cut later: the write may have happened.
        const cause = (error as { cause?: { code?: string } }).cause;
        return cause?.code === 'ECONNREFUSED' ? 'refused' : 'unknown';
      }
    };
    // At most 90 (one page of the list); each writer stops at its first write not acknowledged after the SIGTERM.
    const writer = async () => {
      while (next < 90) {
        const topic = `停机写入 ${String(next++).padStart(3, '0')}`;
        const outcome = await write(topic);
        outcomes.set(topic, outcome);
        if (stopped && outcome !== 'acknowledged') return;
      }
    };
    const writers = Array.from({ length: 4 }, writer);
    while ([...outcomes.values()].filter((o) => o === 'acknowledged').length < 20) await new Promise((r) => setTimeout(r, 10));

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const terminatedAt = Date.now();
    child.kill('SIGTERM');
    stopped = true;
    expect(await exited).toBe(0);
    await Promise.all(writers);
    // The PATCH was still arriving at the SIGTERM, and the service waited for it: completed.
    const patched = await patch;
    expect(patched.at).toBeGreaterThan(terminatedAt);
    expect(patched.status).toBe(204);

    child = await start(port);
    const acknowledged = [...outcomes].filter(([, o]) => o === 'acknowledged').map(([topic]) => topic);
    const others = [...outcomes].filter(([, o]) => o !== 'acknowledged').map(([topic]) => topic);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(others.length).toBeGreaterThan(0);
    const relogin = (await (
      await fetch(api('/supplier/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo_a104', password: 'Demo1234' }),
      })
    ).json()) as {
      data: { oauthToken: string; supplierId: string };
    };
    Object.assign(auth, { [HEADER.token]: relogin.data.oauthToken, [HEADER.supplierId]: relogin.data.supplierId });
    const stored = async () => {
      const page = (await (
        await fetch(api('/communication/listByPage'), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...auth },
          body: JSON.stringify({ pageNo: 1, pageSize: 100, searchContent: '停机写入' }),
        })
      ).json()) as {
        data: { records: { topic: string }[] };
      };
      const count = new Map<string, number>();
      for (const { topic } of page.data.records) count.set(topic, (count.get(topic) ?? 0) + 1);
      return count;
    };
    const before = await stored();
    for (const topic of acknowledged) expect(before.get(topic), topic).toBe(1);
    for (const topic of others) expect(before.get(topic) ?? 0, topic).toBeLessThanOrEqual(1);

    // The outbox sends what was not acknowledged again, with the same key: each is then stored once.
    for (const topic of others) expect(await write(topic)).toBe('acknowledged');
    const after = await stored();
    for (const topic of [...acknowledged, ...others]) expect(after.get(topic), topic).toBe(1);

    // The upload is whole after the restart, and its bytes are the ones sent.
    const head = await fetch(uploadUrl, { method: 'HEAD', headers: { ...auth, 'Tus-Resumable': '1.0.0' } });
    expect(Number(head.headers.get('upload-offset'))).toBe(upload.length);
    const id = uploadUrl.split('/').pop()!;
    expect(readFileSync(join(tusDirectory(dataDir), id)).equals(upload)).toBe(true);
  }, 240_000);
});
