import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from '../../contract/http';
import { PAGE_SIZES } from '../../contract/limits';
import { buildApp } from '../app';
import { seedBulkNotices } from '../seed';
import { rng } from '../seed/random';
import { Worker } from 'node:worker_threads';

/**
 * /business/listByPage over 100,000 notices: 50 concurrent clients on loopback for a bounded
 * time and count, half of the requests with a search. Prints requests/s and latency
 * percentiles; the last line is JSON. Runs on a fresh PGlite, or on DATABASE_URL when given
 * (which must point at an empty, disposable database).
 */
const NOTICES = Number(process.env.BENCH_NOTICES ?? 100_000);
const CLIENTS = 50;
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARMUP_MS = 3000;
const TERMS = ['瓦楞', '牛皮箱板纸', '淀粉', '油墨', '托盘', '纸浆', 'bk0001', '越南', '太仓纸业', '缠绕膜', 'occ', '第123'];

/** Request bodies: both lists, mostly the first page, half of them searching. */
function bodies(n: number): string[] {
  const r = rng(7);
  return Array.from({ length: n }, () =>
    JSON.stringify({
      bindOrPurchase: r.int(0, 1),
      pageNo: r.next() < 0.7 ? 1 : r.int(2, 20),
      pageSize: r.next() < 0.8 ? 10 : r.pick(PAGE_SIZES),
      ...(r.next() < 0.5 ? { searchContent: r.pick(TERMS) } : {}),
    }),
  );
}

/** The load generator (plain JavaScript, run by a worker thread). */
const CLIENT_SOURCE = `
const { parentPort, workerData: w } = require('node:worker_threads');
let i = 0;
async function run(ms, max, latencies) {
  let failures = 0;
  const deadline = performance.now() + ms;
  const client = async () => {
    while (latencies.length < max && performance.now() < deadline) {
      const body = w.bodies[i++ % w.bodies.length];
      const t0 = performance.now();
      const res = await fetch(w.target, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const json = await res.json();
      latencies.push(performance.now() - t0);
      if (json.code !== 'E000') failures++;
    }
  };
  await Promise.all(Array.from({ length: w.clients }, client));
  return failures;
}
(async () => {
  const warm = [];
  await run(w.warmupMs, Infinity, warm);
  const latencies = [];
  const started = performance.now();
  const failures = await run(w.maxMs, w.maxRequests, latencies);
  parentPort.postMessage({ latencies, failures, seconds: (performance.now() - started) / 1000, warmup: warm.length });
})();
`;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bid-bench-'));
  const app = await buildApp({ dataDir, databaseUrl: process.env.DATABASE_URL, memoryDb: !process.env.DATABASE_URL, logLevel: 'warn' });
  try {
    const seeded = Date.now();
    await seedBulkNotices(app.services.db, NOTICES);
    console.log(`seeded ${NOTICES} notices in ${((Date.now() - seeded) / 1000).toFixed(1)} s`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const target = `http://127.0.0.1:${port}${BASE_PATH}/business/listByPage`;

    // The load runs in a worker thread so that the clients do not share the server's event loop.
    const worker = new Worker(CLIENT_SOURCE, { eval: true, workerData: { target, clients: CLIENTS, warmupMs: WARMUP_MS, maxMs: MAX_MS, maxRequests: MAX_REQUESTS, bodies: bodies(20_000) } });
    const { latencies, failures, seconds, warmup } = await new Promise<{ latencies: number[]; failures: number; seconds: number; warmup: number }>((done, fail) => {
      worker.once('message', done);
      worker.once('error', fail);
    });
    console.log(`warm-up: ${warmup} requests in ${WARMUP_MS / 1000} s`);
    latencies.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 100) / 100;
    const result = {
      notices: NOTICES,
      clients: CLIENTS,
      requests: latencies.length,
      failures,
      seconds: round(seconds),
      requestsPerSecond: round(latencies.length / seconds),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    };
    console.log(JSON.stringify(result));
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
