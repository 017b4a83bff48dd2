import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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
  const inputs = [
    'src',
    'contract',
    'public',
    'index.html',
    'vite.config.ts',
    'manifest.webmanifest',
    'lingui.config.ts',
    'package-lock.json',
  ];
  const latest = Math.max(
    ...inputs
      .map((p) => join(root, p))
      .filter(existsSync)
      .map(newest),
  );
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

/** Waits until `url` answers 2xx, at most `seconds`. */
export async function waitForUrl(url, seconds = 150) {
  for (const end = Date.now() + seconds * 1000; Date.now() < end;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** Waits until the bid service at `url` answers (its OpenAPI document), at most `seconds`. */
export const waitUntilUp = (url, seconds = 120) => waitForUrl(`${url}/bid-web/bid-service/openapi.json`, seconds);

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
  try {
    await waitUntilUp(url);
  } catch (error) {
    stop();
    throw error;
  }
  return { url, port, dataDir, child, stop };
}

/** Each failed test with the first lines of its error, so that the summary (the end of a CI log) says why. */
export function failedTests(vitestJson, playwrightJson) {
  const read = (file) => {
    try {
      return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    } catch {
      return null;
    }
  };
  const found = [];
  for (const file of read(vitestJson)?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        found.push({ name: `${file.name.replace(root, '')} > ${test.fullName}`, error: test.failureMessages?.[0] ?? '' });
    }
  }
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const result = test.results?.at(-1);
        found.push({ name: `${file}:${spec.line} > ${spec.title}`, error: result?.error?.message ?? result?.errors?.[0]?.message ?? '' });
      }
    }
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of read(playwrightJson)?.suites ?? []) walk(suite, suite.file);
  return found;
}

/** initdb and pg_ctl of the newest PostgreSQL installed (Debian keeps them off the PATH), or null. */
function postgresBin() {
  const dirs = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : [];
  for (const dir of [...dirs, '/usr/local/bin', '/usr/bin']) {
    if (existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/**
 * A throwaway PostgreSQL cluster for the test suites: a fresh data folder, a free port on
 * loopback, trust authentication, no fsync. As root it runs as the `postgres` user (the server
 * refuses root). Answers `{ url, version, stop() }`, or null when no PostgreSQL is installed.
 */
export async function startScratchPostgres() {
  const bin = postgresBin();
  if (!bin) return null;
  const { execFileSync } = await import('node:child_process');
  const { chownSync, mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'pg-scratch-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = (flag) => Number(String(execFileSync('id', [flag, 'postgres'])).trim());
    chownSync(dir, id('-u'), id('-g'));
  }
  const sh = (cmd, args) =>
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = await freePort();
  const data = join(dir, 'data');
  sh(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c max_connections=200`;
  sh(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const version = String(sh(join(bin, 'pg_ctl'), ['--version'])).trim();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version,
    stop() {
      try {
        sh(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// A browser's own tab memory, for the benchmarks that measure it (bench-outbox.mjs, bench-hash.mjs):
// the renderers of the Chromium started with a marker argument, never another browser on the machine.

/** Every process's parent, from /proc. */
function parents() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** A process's arguments; Chromium's child processes rewrite theirs into one string. */
const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
  } catch {
    return [];
  }
};

/** The renderer processes of the web pages of the Chromium started with `marker` among its arguments. */
export function renderersOf(marker) {
  const parentOf = parents();
  const browserPid = [...parentOf.keys()].find((pid) => {
    const args = cmdline(pid);
    return args.includes(marker) && !args.some((a) => a.startsWith('--type='));
  });
  if (!browserPid) return [];
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === browserPid) return true;
    return false;
  };
  return [...parentOf.keys()].filter((pid) => {
    const args = cmdline(pid);
    return inTree(pid) && args.includes('--type=renderer') && !args.includes('--top-chrome-webui');
  });
}

/** Anonymous resident memory (MB) of the largest of these processes: what bench-outbox.mjs calls the tab's memory. */
export function anonMb(pids) {
  let max = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      max = Math.max(max, Number(/RssAnon:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    } catch {
      // gone
    }
  }
  return max;
}
