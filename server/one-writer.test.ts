import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, root } from '../scripts/lib.mjs';

/**
 * One writer per embedded data folder, as an operator meets it: the real bid service on a data
 * folder, a second one started on the same folder, and the CLI given only DATA_DIR (the
 * README's examples name no PORT) while the service runs, and after it stopped. On the way,
 * what the service logs when it is not on a terminal: JSON lines only, with its migrations.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bid-one-writer-'));
const running: ChildProcess[] = [];

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The settings of a process on the folder, with none of the caller's PORT or DATABASE_URL. */
function envFor(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const { PORT: _port, DATABASE_URL: _url, ...rest } = process.env;
  return { ...rest, DATA_DIR: dataDir, STATIC_DIR: '', SEED_DEMO: '1', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...extra };
}

interface Run {
  child: ChildProcess;
  /** Standard output and error, line by line as they came. */
  output: () => string;
  stdout: () => string;
  exited: Promise<number | null>;
}

function run(script: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.push(child);
  let output = '';
  let stdout = '';
  createInterface({ input: child.stdout! }).on('line', (line) => {
    output += `${line}\n`;
    stdout += `${line}\n`;
  });
  createInterface({ input: child.stderr! }).on('line', (line) => (output += `${line}\n`));
  const exited = new Promise<number | null>((done) => child.once('close', (code) => done(code)));
  return { child, output: () => output, stdout: () => stdout, exited };
}

/** The service on a free port, once it listens. */
async function service(): Promise<Run & { port: number }> {
  const port = await freePort();
  const started = run('server/main.ts', [], envFor({ PORT: String(port) }));
  await Promise.race([
    new Promise<void>((ready) => {
      const check = () => (started.output().includes('"msg":"bid service started"') ? ready() : setTimeout(check, 50));
      check();
    }),
    started.exited.then((code) => {
      throw new Error(`the service exited (${code}) before listening:\n${started.output()}`);
    }),
  ]);
  return { ...started, port };
}

/** An operator command with only DATA_DIR: its exit code and what it printed. */
async function cli(...args: string[]): Promise<{ code: number | null; output: string; stdout: string }> {
  const command = run('server/cli.ts', args, envFor());
  const code = await command.exited;
  return { code, output: command.output(), stdout: command.stdout() };
}

const statusOf = async (username: string) => {
  const { code, output, stdout } = await cli('list-suppliers');
  expect(code, output).toBe(0);
  return (JSON.parse(stdout) as { username: string; status: string }[]).find((s) => s.username === username)?.status;
};

describe('one writer per embedded data folder', () => {
  it('refuses a second service, sends the CLI through the running one, and keeps what it wrote across a restart', async () => {
    const first = await service();
    // Not on a terminal: every line is JSON, the first start says which migrations it applied.
    const logged = () =>
      first
        .stdout()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; applied?: string[] });
    expect(logged().find((line) => line.msg === 'migrations applied')?.applied).toContain('001_init.sql');

    const second = run('server/main.ts', [], envFor({ PORT: String(await freePort()) }));
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by the bid service (pid ${first.child.pid}, port ${first.port})`);

    const set = await cli('set-status', 'demo_a101', 'A104');
    expect(set.code, set.output).toBe(0);
    expect(await statusOf('demo_a101')).toBe('A104');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    // No service: the CLI takes the folder itself.
    expect(await statusOf('demo_a101')).toBe('A104');
    const again = await cli('set-status', 'demo_a101', 'A141');
    expect(again.code, again.output).toBe(0);

    const restarted = await service();
    expect(restarted.stdout()).toContain('"msg":"database schema up to date"');
    expect(await statusOf('demo_a101')).toBe('A141');
    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toBe(0);
  }, 180_000);
});
