import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules') continue;
    max = Math.max(max, newest(join(path, name)));
  }
  return max;
}

/** The built portal is stale when any of its inputs changed after dist/index.html was written. */
export function portalIsStale() {
  const built = join(root, 'dist/index.html');
  if (!existsSync(built)) return true;
  const inputs = ['src', 'contract', 'public', 'index.html', 'vite.config.ts', 'manifest.webmanifest', 'lingui.config.ts', 'package-lock.json'];
  const latest = Math.max(...inputs.map((p) => join(root, p)).filter(existsSync).map(newest));
  return latest > statSync(built).mtimeMs;
}

const CHROMIUM_CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Where Chromium is, or null. Playwright cannot download its own browser here. */
export function findChromium() {
  return CHROMIUM_CANDIDATES.find((p) => p && existsSync(p)) ?? null;
}

/** A free TCP port on loopback. */
export async function freePort() {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * The bid service serving the built portal on a fresh data folder (demo data seeded), for a
 * benchmark. Node runs tsx itself (not npx), so `stop()` kills the server and not a wrapper.
 * Answers its base URL, the child process and `stop()` (kills it, removes the data folder).
 */
export async function startBidService({ prefix = 'bench-', env = {} } = {}) {
  const { spawn } = await import('node:child_process');
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: 'dist', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 480; i++) {
    try {
      if ((await fetch(`${url}/bid-web/bid-service/openapi.json`)).ok) return { url, port, dataDir, child, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stop();
  throw new Error('bid service did not start');
}
