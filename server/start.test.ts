import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from '../scripts/lib.mjs';
import { ENGINE } from './test/engine';

/**
 * `npm start` as an operator runs it, and the signals a container runtime, a service manager or
 * a terminal sends it: the real npm, the real start script, the real bid service on a fresh
 * embedded database. Whatever npm puts between itself and the bid service must pass SIGTERM and
 * SIGINT on, so that the graceful stop of server/main.ts runs (it logs "shutting down", drains,
 * closes the database, exits 0), and nothing is left running.
 */
const SHUTDOWN_TIMEOUT_SECONDS = 20;
const dirs: string[] = [];
/** The process groups started here (each `npm start` leads one). */
const groups: number[] = [];

afterAll(() => {
  // Whatever a failed test left running: only the groups this file started, orphans included.
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL');
    } catch {
      // gone already
    }
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The children of `pid` (Linux /proc: every thread's children). */
function childrenOf(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tasks.flatMap((task) => {
    try {
      return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
}

const descendants = (pid: number): number[] => childrenOf(pid).flatMap((child) => [child, ...descendants(child)]);

const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

interface Started {
  npm: ChildProcess;
  port: number;
  lines: string[];
  /** Resolves with the first line that matches, as it is printed. */
  line(match: RegExp): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `npm start` on a free port and a fresh data folder, in a process group of its own (as a terminal's job). */
async function npmStart(): Promise<Started> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bid-start-'));
  dirs.push(dataDir);
  const npm = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // No portal to serve, so nothing to build: the start and the signals are what is tested.
      STATIC_DIR: '',
      DATABASE_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'info',
      SHUTDOWN_TIMEOUT_SECONDS: String(SHUTDOWN_TIMEOUT_SECONDS),
    },
  });
  groups.push(npm.pid!);
  const lines: string[] = [];
  const waiting: Array<{ match: RegExp; found: (line: string) => void }> = [];
  for (const stream of [npm.stdout!, npm.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const w of waiting.filter((x) => x.match.test(line))) {
        waiting.splice(waiting.indexOf(w), 1);
        w.found(line);
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    npm.once('exit', (code, signal) => done({ code, signal })),
  );
  const line = (match: RegExp) => {
    const seen = lines.find((l) => match.test(l));
    if (seen) return Promise.resolve(seen);
    return Promise.race([
      new Promise<string>((found) => waiting.push({ match, found })),
      exited.then((e) => {
        throw new Error(`npm start exited (${JSON.stringify(e)}) before printing ${match}:\n${lines.join('\n')}`);
      }),
    ]);
  };
  return { npm, port, lines, line, exited };
}

interface Tree {
  /** npm and every process below it. */
  pids: number[];
  /** npm's children: their ids and command lines. */
  children: number[];
  commands: string[];
}

/** Started and ready (the banner printed after it listens, and /readyz 200); answers its process tree then. */
async function ready(s: Started): Promise<Tree> {
  await s.line(/"msg":"bid service started"/);
  expect((await fetch(`http://127.0.0.1:${s.port}/readyz`)).status).toBe(200);
  const children = childrenOf(s.npm.pid!);
  return { pids: [s.npm.pid!, ...descendants(s.npm.pid!)], children, commands: children.map((pid) => commandOf(pid).join(' ')) };
}

async function stopsGracefully(s: Started, tree: Tree, signal: NodeJS.Signals, sentAt: number): Promise<void> {
  const drained = await s.line(/"msg":"shutting down"/);
  expect(JSON.parse(drained)).toMatchObject({ signal, pid: tree.children[0] });
  expect(await s.exited).toEqual({ code: 0, signal: null });
  expect((Date.now() - sentAt) / 1000).toBeLessThan(SHUTDOWN_TIMEOUT_SECONDS);
  expect(tree.pids.filter(alive).map((pid) => `${pid} ${commandOf(pid).join(' ')}`)).toEqual([]);
  // It drained once, and nothing cut it short (a second signal used to kill it mid-drain).
  expect(s.lines.filter((l) => l.includes('"msg":"shutting down"'))).toHaveLength(1);
  expect(s.lines.join('\n')).not.toMatch(/exiting anyway|shutdown failed/);
  // npm's one child was the bid service itself: no shell, no wrapper that could swallow a signal.
  expect(tree.commands).toEqual(['node scripts/start.mjs']);
}

// Once (not again on PostgreSQL: it is the embedded default that `npm start` runs), on Linux (/proc).
describe.runIf(ENGINE === 'pglite' && process.platform === 'linux')('npm start and stop signals', () => {
  it('SIGTERM to the npm process alone (docker stop, systemd) reaches the bid service: it drains, every process exits, npm exits 0', async () => {
    const s = await npmStart();
    const tree = await ready(s);
    const sentAt = Date.now();
    process.kill(s.npm.pid!, 'SIGTERM');
    await stopsGracefully(s, tree, 'SIGTERM', sentAt);
  }, 180_000);

  it('Ctrl-C (SIGINT to the whole process group, so the bid service gets it from the terminal and from npm) drains once and exits 0', async () => {
    const s = await npmStart();
    const tree = await ready(s);
    const sentAt = Date.now();
    process.kill(-s.npm.pid!, 'SIGINT');
    await stopsGracefully(s, tree, 'SIGINT', sentAt);
  }, 180_000);
});
