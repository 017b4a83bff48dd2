// Hashing a file while it uploads (docs/decisions/receipts.md, "The files' SHA-256"), in a real
// Chromium against the real bid service: the portal's `uploadFile` (src/offline/uploads.ts) sends
// a 50 MB file from the outbox's IndexedDB by tus and computes its SHA-256 meanwhile
// (src/offline/file-digest.ts, @noble/hashes, 256 KB a step). Each run times `uploadFile` from
// its call to the stored file's reference (the tus upload, then /file/tusComplete with the
// digest), with the tab's peak memory and the main thread's long tasks, at this machine's speed
// and with the CPU 4x slower (a phone: Emulation.setCPUThrottlingRate).
//
// "Upload alone", the baseline: the same `uploadFile` with the hashing taken out. The bench's
// browser is served a stand-in for src/offline/file-digest.ts (a Playwright route on that one
// module of the Vite dev server) whose `sha256OfBlob` answers the digest the bench computed
// beforehand, without reading the bytes. Everything else is the shipped code path: the record
// and chunks read from IndexedDB, tus-js-client with the portal's options, the records saved,
// /file/tusComplete with the same digest, which the bid service checks against its own. Nothing
// of this exists in the built portal: no switch a user could reach.
//
// Each run is a fresh browser context (its own renderer, nothing held over from the run before),
// the two variants alternating, first one then the other. The tab's memory is read as
// bench-outbox.mjs reads it (anonymous resident memory of the renderer, and the JS heap by CDP),
// from this benchmark's own Chromium only: another engineer's browser on the machine does not
// count. The upload goes through the Vite dev server's proxy to a bid service on the same two
// cores, so the bytes' way costs CPU here that a phone's upload does not.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { anonMb, findChromium, freePort, renderersOf, root, waitForUrl } from './lib.mjs';

const RUNS = Number(process.env.BENCH_HASH_RUNS ?? 5);
const FILE_MB = Number(process.env.BENCH_HASH_FILE_MB ?? 50);
const RATES = (process.env.BENCH_HASH_RATES ?? '1,4').split(',').map(Number);
const SAMPLE_MS = 100;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const round = (n) => Math.round(n * 10) / 10;

const dataDir = mkdtempSync(join(tmpdir(), 'bench-hash-'));
const children = [];

function startChild(cmd, args, env) {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  children.push(child);
  return child;
}

/** The bytes of run `seed`'s file, as the page builds them: one 1 MB block repeated. */
const blockOf = (seed) => new Uint8Array(1024 * 1024).map((_, k) => (k * 31 + seed) & 255);

function sha256Of(seed) {
  const hash = createHash('sha256');
  const block = blockOf(seed);
  for (let i = 0; i < FILE_MB; i++) hash.update(block);
  return hash.digest('hex');
}

/** The stand-in for src/offline/file-digest.ts in the "upload alone" runs. */
const STAND_IN = `// scripts/bench-hash.mjs: the digest computed beforehand, the bytes not read.
export const benchStandIn = true;
export async function sha256OfBlob() {
  globalThis.__benchStandInCalls = (globalThis.__benchStandInCalls ?? 0) + 1;
  return globalThis.__benchSha256;
}
`;

async function main() {
  const apiPort = await freePort();
  const webPort = await freePort();
  startChild('npx', ['tsx', 'server/main.ts'], {
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    LOG_LEVEL: 'warn',
  });
  await waitForUrl(`http://127.0.0.1:${apiPort}/bid-web/bid-service/openapi.json`);
  startChild('npx', ['vite', '--port', String(webPort), '--strictPort', '--host', '127.0.0.1', '--logLevel', 'warn'], {
    BID_SERVICE_URL: `http://127.0.0.1:${apiPort}`,
  });
  await waitForUrl(`http://127.0.0.1:${webPort}/login`);

  const marker = `--bench-hash-${process.pid}`;
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', marker],
  });
  const baseURL = `http://127.0.0.1:${webPort}`;

  // Log in once (this also has the dev server transform the app); every run reuses the session.
  const loginContext = await browser.newContext({ baseURL });
  const loginPage = await loginContext.newPage();
  await loginPage.goto('/login');
  await loginPage.getByRole('textbox', { name: '账号', exact: true }).fill('demo_a104');
  await loginPage.getByRole('textbox', { name: '密码', exact: true }).fill('Demo1234');
  await loginPage.getByRole('button', { name: '进入工作台' }).click();
  await loginPage.waitForURL(/\/platform\/home/, { timeout: 120_000 });
  const storageState = await loginContext.storageState();
  await loginContext.close();

  /** One upload of run `seed`'s file: `hashing` false for the stand-in digest. */
  async function measure({ seed, rate, hashing }) {
    const context = await browser.newContext({ baseURL, storageState });
    // Both variants route the module (one to the stand-in, one to the dev server), and both drop
    // the route once the module is loaded: while a route is set, Playwright intercepts every
    // request of the context, and the upload alone took 5.0 s instead of 2.5 s for it (1x).
    await context.route('**/src/offline/file-digest.ts*', (route) =>
      hashing ? route.continue() : route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
    );
    const page = await context.newPage();
    await page.goto('/platform/home');
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // The contexts of earlier runs are closed: what is left is this page's renderer (and perhaps
    // a spare one Chromium keeps started, far smaller).
    const tab = renderersOf(marker);
    if (process.env.BENCH_VERBOSE) console.log(`renderers: ${tab.map((pid) => `${pid} ${Math.round(anonMb([pid]))} MB`).join(', ')}`);
    const expected = sha256Of(seed);

    // The file, stored as the outbox stores it (an upload record and 4 MB chunks), with no entry:
    // the sync engine leaves it alone, and `uploadFile` is called directly.
    const standIn = await page.evaluate(
      async ({ seed, mb, digest }) => {
        const { openPortalDb, supplierOwner } = await import('/src/offline/db.ts');
        const { getSupplierId } = await import('/src/api/session.ts');
        const { STORE_CHUNK_BYTES } = await import('/src/offline/outbox.ts');
        const { uploadFile } = await import('/src/offline/uploads.ts');
        const digests = await import('/src/offline/file-digest.ts');
        const block = new Uint8Array(1024 * 1024).map((_, k) => (k * 31 + seed) & 255);
        const file = new File(
          Array.from({ length: mb }, () => block),
          `bench-hash-${seed}.pdf`,
          { type: 'application/pdf' },
        );
        const id = `bench-hash-${seed}-${Date.now().toString(36)}`;
        const chunkCount = Math.ceil(file.size / STORE_CHUNK_BYTES);
        const db = await openPortalDb();
        const tx = db.transaction(['uploads', 'chunks'], 'readwrite');
        await Promise.all([
          tx.objectStore('uploads').put({
            id,
            owner: supplierOwner(getSupplierId()),
            entryId: `bench-hash-${seed}`,
            field: 'attachments',
            name: file.name,
            type: file.type,
            size: file.size,
            chunkCount,
            tusUrl: null,
            uploadedBytes: 0,
            fileRef: null,
            status: 'queued',
            lastError: null,
            createdAt: Date.now(),
          }),
          ...Array.from({ length: chunkCount }, (_, index) =>
            tx
              .objectStore('chunks')
              .put({ uploadId: id, index, blob: file.slice(index * STORE_CHUNK_BYTES, (index + 1) * STORE_CHUNK_BYTES, file.type) }),
          ),
          tx.done,
        ]);
        globalThis.__benchSha256 = digest;
        const bench = { id, uploadFile, sha256OfBlob: digests.sha256OfBlob, longTasks: [] };
        globalThis.__bench = bench;
        new PerformanceObserver((list) => bench.longTasks.push(...list.getEntries().map((e) => e.duration))).observe({ type: 'longtask' });
        return digests.benchStandIn === true;
      },
      { seed, mb: FILE_MB, digest: expected },
    );
    if (standIn === hashing) throw new Error(`the ${hashing ? 'hashing' : 'stand-in'} run loaded the wrong file-digest module`);
    await context.unrouteAll();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await page.waitForTimeout(500);
    const heap = async () =>
      ((await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
    const baseline = { heapMb: await heap(), tabMb: anonMb(tab) };
    let peakHeap = baseline.heapMb;
    let peakTab = baseline.tabMb;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakHeap = Math.max(peakHeap, await heap().catch(() => 0));
        peakTab = Math.max(peakTab, anonMb(tab));
        await new Promise((r) => setTimeout(r, SAMPLE_MS));
      }
    })();

    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    const run = await page.evaluate(async () => {
      const bench = globalThis.__bench;
      bench.longTasks.length = 0;
      const t0 = performance.now();
      await bench.uploadFile(bench.id);
      const ms = performance.now() - t0;
      await new Promise((r) => setTimeout(r, 200));
      const record = await (await import('/src/offline/outbox-store.ts')).getUpload(bench.id);
      return { ms, longTasks: [...bench.longTasks], sha256: record?.sha256, standInCalls: globalThis.__benchStandInCalls ?? 0 };
    });
    sampling = false;
    await sampler;
    if (run.sha256 !== expected) throw new Error(`run ${seed}: the kept digest ${run.sha256} is not the file's ${expected}`);
    if (!hashing && run.standInCalls !== 1) throw new Error(`run ${seed}: the stand-in was called ${run.standInCalls} times`);

    // The hashing runs also hash the same stored file alone, no upload beside it.
    let hashAlone = null;
    if (hashing) {
      hashAlone = await page.evaluate(async () => {
        const bench = globalThis.__bench;
        const blob = await (await import('/src/offline/outbox.ts')).readStoredFile(bench.id);
        bench.longTasks.length = 0;
        const t0 = performance.now();
        const digest = await bench.sha256OfBlob(blob);
        const ms = performance.now() - t0;
        await new Promise((r) => setTimeout(r, 200));
        return { ms, digest, longTasks: [...bench.longTasks] };
      });
      if (hashAlone.digest !== expected) throw new Error(`run ${seed}: the hash alone gave ${hashAlone.digest}`);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await context.close();

    const longTasks = (list) => ({
      count: list.length,
      maxMs: round(Math.max(0, ...list)),
      totalMs: round(list.reduce((a, b) => a + b, 0)),
    });
    const result = {
      ms: Math.round(run.ms),
      longTasks: longTasks(run.longTasks),
      baselineHeapMB: round(baseline.heapMb),
      peakHeapMB: round(peakHeap),
      baselineTabMemoryMB: round(baseline.tabMb),
      peakTabMemoryMB: round(peakTab),
      ...(hashAlone ? { hashAloneMs: Math.round(hashAlone.ms), hashAloneLongTasks: longTasks(hashAlone.longTasks) } : {}),
    };
    console.log(
      `${rate}x ${hashing ? 'hashing    ' : 'upload alone'} run ${seed}: ${result.ms} ms; tab memory ${result.baselineTabMemoryMB} -> peak ${result.peakTabMemoryMB} MB, ` +
        `JS heap ${result.baselineHeapMB} -> ${result.peakHeapMB} MB; long tasks ${result.longTasks.count} (max ${result.longTasks.maxMs} ms)` +
        (hashAlone
          ? `; the hash alone ${result.hashAloneMs} ms (long tasks ${result.hashAloneLongTasks.count}, max ${result.hashAloneLongTasks.maxMs} ms)`
          : ''),
    );
    return result;
  }

  const summary = (runs) => ({
    runs,
    medianMs: median(runs.map((r) => r.ms)),
    medianPeakTabMemoryMB: round(median(runs.map((r) => r.peakTabMemoryMB))),
    medianTabMemoryGrowthMB: round(median(runs.map((r) => r.peakTabMemoryMB - r.baselineTabMemoryMB))),
    medianPeakHeapMB: round(median(runs.map((r) => r.peakHeapMB))),
    maxLongTaskMs: round(Math.max(...runs.map((r) => r.longTasks.maxMs))),
    medianLongTasks: median(runs.map((r) => r.longTasks.count)),
  });

  // The machine's load (1-minute average) before and after: figures of a busy machine say less.
  const results = { fileMB: FILE_MB, runsEach: RUNS, loadAverage: [round(loadavg()[0])] };
  let seed = 0;
  for (const rate of RATES) {
    const hashing = [];
    const alone = [];
    for (let i = 0; i < RUNS; i++) {
      // Alternate which variant goes first, so neither always follows the other.
      for (const withHash of i % 2 ? [false, true] : [true, false]) {
        seed++;
        (withHash ? hashing : alone).push(await measure({ seed, rate, hashing: withHash }));
      }
    }
    const h = summary(hashing);
    const a = summary(alone);
    h.medianHashAloneMs = median(hashing.map((r) => r.hashAloneMs));
    results[`cpu${rate}x`] = {
      hashing: h,
      uploadAlone: a,
      addedMs: h.medianMs - a.medianMs,
      addedPercent: round(((h.medianMs - a.medianMs) / a.medianMs) * 100),
    };
    console.log(
      `CPU ${rate}x, median of ${RUNS}: hashing while uploading ${h.medianMs} ms, upload alone ${a.medianMs} ms ` +
        `(+${h.medianMs - a.medianMs} ms, ${results[`cpu${rate}x`].addedPercent}%); the hash alone ${h.medianHashAloneMs} ms; ` +
        `tab memory peak ${h.medianPeakTabMemoryMB} MB against ${a.medianPeakTabMemoryMB} MB (growth ${h.medianTabMemoryGrowthMB} against ${a.medianTabMemoryGrowthMB} MB; target < 200 MB); ` +
        `longest task ${h.maxLongTaskMs} ms against ${a.maxLongTaskMs} ms`,
    );
  }
  await browser.close();
  results.loadAverage.push(round(loadavg()[0]));
  console.log(`load average ${results.loadAverage.join(' -> ')}`);
  console.log(JSON.stringify(results));
}

try {
  await main();
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}
