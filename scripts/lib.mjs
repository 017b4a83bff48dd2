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
