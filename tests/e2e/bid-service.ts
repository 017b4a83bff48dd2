import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * A bid service of a test's own, on its own port and data directory, serving the built
 * portal, that the test can stop and start again: "offline" in these tests means the bid
 * service is really gone (DESIGN.md section 8), not only `setOffline`. Its own origin also
 * gives it its own service worker and IndexedDB.
 */
export interface OwnBidService {
  url: string;
  port: number;
  dataDir: string;
  /** Starts (or restarts) the process on the same port and data; resolves when it answers. */
  start(extraEnv?: Record<string, string>): Promise<void>;
  /** Kills the process; resolves when the port is closed. */
  stop(): Promise<void>;
  /** Stops and removes the data directory. */
  dispose(): Promise<void>;
}

const root = resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

async function waitUntilUp(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/bid-web/bid-service/openapi.json`);
      if (res.ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`bid service at ${url} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function ownBidService(env: Record<string, string> = {}): Promise<OwnBidService> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const service: OwnBidService = {
    url,
    port,
    dataDir,
    async start(extraEnv = {}) {
      if (child) return;
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
          LOG_LEVEL: 'warn',
          ...env,
          ...extraEnv,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', () => {
        child = null;
      });
      await waitUntilUp(url);
    },
    async stop() {
      const running = child;
      if (!running) return;
      await new Promise<void>((ok) => {
        running.once('exit', () => ok());
        running.kill('SIGKILL');
      });
    },
    async dispose() {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}
