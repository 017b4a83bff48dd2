// Outbox benchmarks (DESIGN.md section 7), in a real Chromium against the real bid service:
//  1. 500 queued entries: time to flush after the bid service is reachable again, and how many
//     the server applied (must be 500: exactly once).
//  2. 20 queued files of 50 MB: time to upload after reconnect, and the tab's peak memory
//     (target under 200 MB).
// The entries are queued through the portal's own outbox module, loaded from the Vite dev
// server (a production bundle has no stable module names to import); the outbox, the sync
// engine, tus-js-client and the bid service are the shipped code.
// By default one bid service on its own PGlite. With BENCH_OUTBOX_INSTANCES=N (run under tsx,
// with DATABASE_URL): N instances on PostgreSQL (a schema of their own, dropped after) and one
// data folder, behind the round-robin proxy, as npm run start:cluster deploys them.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { anonMb, findChromium, freePort, renderersOf, root, waitUntilUp, waitForUrl } from './lib.mjs';
import { roundRobinProxy } from './round-robin-proxy.mjs';

const ENTRIES = Number(process.env.BENCH_OUTBOX_ENTRIES ?? 500);
const FILES = Number(process.env.BENCH_OUTBOX_FILES ?? 20);
const FILE_MB = Number(process.env.BENCH_OUTBOX_FILE_MB ?? 50);
const INSTANCES = Number(process.env.BENCH_OUTBOX_INSTANCES ?? 0);

let apiPort = 4800 + Math.floor(Math.random() * 100);
const webPort = apiPort + 100;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-outbox-'));
const children = [];
/** The PostgreSQL schema of BENCH_OUTBOX_INSTANCES (the CLI reads it too), and the proxy in front. */
let schema = null;
let proxy = null;

function startChild(cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

function cliJson(...args) {
  const env = { ...process.env, DATA_DIR: dataDir, PORT: String(apiPort), ...(schema ? { DATABASE_URL: schema.url } : {}) };
  const out = execFileSync('npx', ['tsx', 'server/cli.ts', ...args], { cwd: root, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(out.slice(out.search(/[[{]/)));
}

/**
 * The tab's own memory: anonymous resident memory (heap, Blob buffers, IndexedDB work; not the
 * shared libraries and mapped files RSS also counts) of the largest Chromium renderer, in MB.
 */
/** The marker this run's Chromium is started with: its tab memory is read from its own renderers only. */
const MARKER = `--bench-outbox-${process.pid}`;
/** Anonymous resident memory (MB) of this run's largest renderer (the tab). */
const rendererMemoryMb = () => anonMb(renderersOf(MARKER));

const round = (n) => Math.round(n * 10) / 10;

/** N instances on one PostgreSQL schema and one data folder, started together, behind the proxy; answers the proxy's port. */
async function startInstances(n) {
  if (!process.env.DATABASE_URL) throw new Error('BENCH_OUTBOX_INSTANCES needs DATABASE_URL');
  const { scratchSchema } = await import('../server/db/scratch-schema.ts');
  schema = await scratchSchema(process.env.DATABASE_URL, 'bench_outbox');
  const ports = await Promise.all(Array.from({ length: n }, () => freePort()));
  for (const port of ports) {
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: schema.url,
      SEED_DEMO: '1',
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
      PASS_SECRET: 'bench-outbox-pass-secret-of-32-characters',
      TRUST_PROXY: '127.0.0.1',
    };
    startChild(process.execPath, ['--import', 'tsx', 'server/main.ts'], env);
  }
  for (const port of ports) await waitUntilUp(`http://127.0.0.1:${port}`);
  proxy = await roundRobinProxy(ports);
  return proxy.address().port;
}

async function main() {
  if (INSTANCES > 0) {
    apiPort = await startInstances(INSTANCES);
    console.log(`${INSTANCES} instance(s) on PostgreSQL behind the round-robin proxy`);
  } else {
    startChild('npx', ['tsx', 'server/main.ts'], {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: '',
      LOG_LEVEL: 'warn',
    });
    await waitForUrl(`http://127.0.0.1:${apiPort}/bid-web/bid-service/openapi.json`);
  }
  startChild('npx', ['vite', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1', '--logLevel', 'warn'], {
    BID_SERVICE_URL: `http://127.0.0.1:${apiPort}`,
  });
  await waitForUrl(`http://127.0.0.1:${webPort}/login`);

  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', MARKER],
  });
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${webPort}` });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: '账号', exact: true }).fill('demo_a104');
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: '进入工作台' }).click();
  await page.waitForURL(/\/platform\/home/, { timeout: 120_000 });

  const results = {};
  const pending = () =>
    page.evaluate(
      async () =>
        (await (await import('/src/offline/outbox.ts')).listEntries([(await import('/src/offline/use-outbox.ts')).currentOwners()[0]]))
          .length,
    );
  const waitUntilFlushed = async (limitMs) => {
    const until = Date.now() + limitMs;
    for (;;) {
      const left = await pending();
      if (left === 0) return;
      if (Date.now() > until) throw new Error(`${left} entries still queued`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // 1. 500 entries, queued while the bid service is unreachable.
  await context.route('**/bid-web/bid-service/**', (route) => route.abort('internetdisconnected'));
  const tag = `bench-${Date.now().toString(36)}`;
  await page.evaluate(
    async ({ n, tag }) => {
      const { enqueue } = await import('/src/offline/outbox.ts');
      const { currentOwners } = await import('/src/offline/use-outbox.ts');
      const owner = currentOwners()[0];
      for (let i = 0; i < n; i++) {
        await enqueue({
          owner,
          thread: 'communication:new',
          call: 'communicationSave',
          payload: { priority: 'medium', topic: `${tag} #${i}`, content: `benchmark entry ${i}`, sourceNo: '', attachments: [] },
          summary: `${tag} #${i}`,
        });
      }
    },
    { n: ENTRIES, tag },
  );
  if ((await pending()) !== ENTRIES) throw new Error('not every entry was queued');
  await context.unroute('**/bid-web/bid-service/**');
  let t0 = performance.now();
  await page.evaluate(async () => (await (await import('/src/offline/on-demand.ts')).ensureSyncEngine()).syncNow());
  await waitUntilFlushed(600_000);
  const flushMs = performance.now() - t0;
  const applied = cliJson('list-communications', '--supplier', 'demo_a104').filter((c) => c.topic.startsWith(tag)).length;
  results.entries = {
    queued: ENTRIES,
    flushSeconds: round(flushMs / 1000),
    perSecond: round(ENTRIES / (flushMs / 1000)),
    appliedOnServer: applied,
    exactlyOnce: applied === ENTRIES,
  };
  console.log(
    `${ENTRIES} entries flushed in ${results.entries.flushSeconds} s (${results.entries.perSecond}/s); applied on the server: ${applied} (must be ${ENTRIES})`,
  );

  if (FILES === 0) {
    await browser.close();
    console.log(JSON.stringify(results));
    return;
  }

  // 2. 20 files of 50 MB, each attached to its own new communication, queued offline.
  await context.route('**/bid-web/bid-service/**', (route) => route.abort('internetdisconnected'));
  const fileTag = `bench-files-${Date.now().toString(36)}`;
  for (let i = 0; i < FILES; i++) {
    // One 1 MB buffer repeated: the Blob is 50 MB without 50 MB of JavaScript heap.
    await page.evaluate(
      async ({ i, mb, tag }) => {
        const { enqueue } = await import('/src/offline/outbox.ts');
        const { currentOwners } = await import('/src/offline/use-outbox.ts');
        const block = new Uint8Array(1024 * 1024).map((_, k) => (k * 31 + i) & 255);
        const file = new File(
          Array.from({ length: mb }, () => block),
          `bench-${i}.pdf`,
          { type: 'application/pdf' },
        );
        await enqueue({
          owner: currentOwners()[0],
          thread: `communication:new:${i}`,
          call: 'communicationSave',
          payload: { priority: 'low', topic: `${tag} #${i}`, content: 'benchmark file', sourceNo: '', attachments: [] },
          files: [{ field: 'attachments', files: [file] }],
          summary: `${tag} #${i}`,
        });
      },
      { i, mb: FILE_MB, tag: fileTag },
    );
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.evaluate(() => globalThis.gc?.());
  const heap = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / (1024 * 1024);
  };
  const baseline = { heapMb: await heap(), rssMb: rendererMemoryMb() };
  let peakHeap = baseline.heapMb;
  let peakRss = baseline.rssMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakHeap = Math.max(peakHeap, await heap().catch(() => 0));
      peakRss = Math.max(peakRss, rendererMemoryMb());
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await context.unroute('**/bid-web/bid-service/**');
  t0 = performance.now();
  await page.evaluate(async () => (await (await import('/src/offline/on-demand.ts')).ensureSyncEngine()).syncNow());
  await waitUntilFlushed(1_800_000);
  const uploadMs = performance.now() - t0;
  sampling = false;
  await sampler;
  const withFiles = cliJson('list-communications', '--supplier', 'demo_a104').filter((c) => c.topic.startsWith(fileTag));
  const attached = withFiles.reduce((n, c) => n + (c.replies?.[0]?.attachments?.length ?? 0), 0);
  const totalMb = FILES * FILE_MB;
  results.files = {
    files: FILES,
    fileMB: FILE_MB,
    uploadSeconds: round(uploadMs / 1000),
    mbPerSecond: round(totalMb / (uploadMs / 1000)),
    threadsOnServer: withFiles.length,
    attachmentsOnServer: attached,
    baselineHeapMB: round(baseline.heapMb),
    peakHeapMB: round(peakHeap),
    baselineTabMemoryMB: round(baseline.rssMb),
    peakTabMemoryMB: round(peakRss),
  };
  console.log(
    `${FILES} files of ${FILE_MB} MB uploaded in ${results.files.uploadSeconds} s (${results.files.mbPerSecond} MB/s); ` +
      `JS heap peak ${results.files.peakHeapMB} MB (baseline ${results.files.baselineHeapMB}), tab memory (anonymous RSS) peak ${results.files.peakTabMemoryMB} MB (baseline ${results.files.baselineTabMemoryMB}) (target < 200 MB); ` +
      `on the server: ${withFiles.length} threads, ${attached} attachments`,
  );

  await browser.close();
  console.log(JSON.stringify(results));
}

try {
  await main();
} finally {
  proxy?.close();
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await schema?.drop().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
