import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { BASE_PATH } from '../../contract/http';
import { seedBulkNotices, seedDemo } from '../seed';
import { percentiles, runLoad, type LoadJob } from './run-load';
import { trafficMix } from './traffic';
import { runBench } from './bench-app';

/**
 * /business/listByPage over the demo's notices and 100,000 more written like real ones
 * (server/seed/bulk-notices.ts): 50 concurrent keep-alive clients on loopback, in a child process,
 * for a bounded time and count. The traffic mixes plain list pages with searches over several
 * hundred distinct terms, rare ones and deep pages among them (see traffic.ts). Prints the mix, requests/s, latency
 * percentiles and failures; the last line is JSON (scripts/bench.mjs reads it).
 *
 * Runs on a fresh in-memory PGlite, or with BENCH_USE_DATABASE_URL=1 on DATABASE_URL in a schema
 * of its own, dropped after. The per-instance answer cache is off unless BENCH_CACHE_MS is given, so
 * the figure is the database's and the server's; with it, the hit rate is printed.
 */
const NOTICES = Number(process.env.BENCH_NOTICES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000;
const SEARCH_SHARE = Number(process.env.BENCH_SEARCH_SHARE ?? 0.5);
const CACHE_MS = Number(process.env.BENCH_CACHE_MS ?? 0);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

const round = (n: number) => Math.round(n * 100) / 100;
const load = () => loadavg().map((n) => round(n));

// Each client stands for a supplier at an address of its own (load-client.ts, forwardedFor).
runBench('list', { logLevel: LOG_LEVEL, listCacheMs: CACHE_MS, trustProxy: ['127.0.0.1'] }, async (app, database) => {
  const seeded = Date.now();
  await seedDemo(app.services.db, app.services.storage);
  await seedBulkNotices(app.services.db, NOTICES);
  const seedSeconds = (Date.now() - seeded) / 1000;
  console.log(`seeded ${NOTICES} notices in ${seedSeconds.toFixed(1)} s`);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  const mix = trafficMix({ notices: NOTICES, count: 40_000, searchShare: SEARCH_SHARE });
  console.log(
    `mix: ${Math.round((1 - SEARCH_SHARE) * 100)}% plain pages (both types, pages 1-50, 60% page 1, sizes 10/20), ` +
      `${Math.round(SEARCH_SHARE * 100)}% searches (pages 1-5, one in ten a page up to 5,000) over ${mix.terms} distinct terms ${JSON.stringify(mix.termsByKind)}`,
  );
  console.log(
    `server: log level ${LOG_LEVEL}, answer cache ${CACHE_MS ? `${CACHE_MS} ms` : 'off'}; load average before: ${load().join(' ')}`,
  );

  const job: LoadJob = {
    host: '127.0.0.1',
    port,
    path: `${BASE_PATH}/business/listByPage`,
    clients: CLIENTS,
    bodies: mix.bodies,
    warmupMs: WARMUP_MS,
    maxMs: MAX_MS,
    maxRequests: MAX_REQUESTS,
    forwardedFor: true,
  };
  const cacheBefore = { ...app.services.listCache.stats };
  const { latencies, bodyIndex, failures, seconds, warmup } = await runLoad(job);
  const cache = app.services.listCache.stats;
  const lookups = cache.hits + cache.misses - cacheBefore.hits - cacheBefore.misses;
  console.log(`warm-up: ${warmup} requests in ${WARMUP_MS / 1000} s; load average after: ${load().join(' ')}`);
  const asked = mix.bodies.map((b) => JSON.parse(b) as { searchContent?: string; pageNo: number });
  const of = (keep: (b: (typeof asked)[number]) => boolean) => percentiles(latencies.filter((_, i) => keep(asked[bodyIndex[i]!]!)));
  const plain = of((b) => b.searchContent === undefined);
  const search = of((b) => b.searchContent !== undefined);
  const shortSearch = of((b) => b.searchContent !== undefined && Array.from(b.searchContent).length <= 2);
  const deepSearch = of((b) => b.searchContent !== undefined && b.pageNo > 5);
  const all = percentiles(latencies);
  const hello = await helloWorld();
  const result = {
    notices: NOTICES,
    clients: CLIENTS,
    searchShare: SEARCH_SHARE,
    distinctTerms: mix.terms,
    requests: latencies.length,
    failures,
    seconds: round(seconds),
    requestsPerSecond: round(latencies.length / seconds),
    ...all,
    plainP95Ms: plain.p95Ms,
    searchP95Ms: search.p95Ms,
    shortSearchP95Ms: shortSearch.p95Ms,
    deepSearchP95Ms: deepSearch.p95Ms,
    helloWorld: hello,
    ratioToHelloWorld: round(latencies.length / seconds / hello.requestsPerSecond),
    cacheHitRate: CACHE_MS ? round(lookups ? (cache.hits - cacheBefore.hits) / lookups : 0) : null,
    logLevel: LOG_LEVEL,
    loadAverage: load(),
    seedSeconds: round(seedSeconds),
    database,
  };
  console.log(
    `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${failures} failures` +
      (CACHE_MS ? `, cache hit rate ${Math.round((result.cacheHitRate ?? 0) * 100)}%` : ''),
  );
  console.log(
    `plain pages: p50 ${plain.p50Ms} ms, p95 ${plain.p95Ms} ms; searches: p50 ${search.p50Ms} ms, p95 ${search.p95Ms} ms; ` +
      `terms of one or two characters p95 ${shortSearch.p95Ms} ms; pages past the fifth p95 ${deepSearch.p95Ms} ms`,
  );
  console.log(
    `Fastify hello-world, same clients: ${hello.requestsPerSecond} req/s, p95 ${hello.p95Ms} ms; the list is ${result.ratioToHelloWorld}x of it`,
  );
  console.log(JSON.stringify(result));
});

/**
 * The same clients for the same time against a Fastify app that answers a small constant
 * envelope to the same POST: what HTTP, JSON and this machine cost without any work.
 */
async function helloWorld(): Promise<{ requestsPerSecond: number; p50Ms: number; p95Ms: number; p99Ms: number }> {
  const hello = Fastify({ logger: false });
  hello.post(`${BASE_PATH}/business/listByPage`, async () => ({ code: 'E000', message: 'ok', data: { records: [], total: 0 } }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  try {
    const { port } = hello.server.address() as AddressInfo;
    const { latencies, seconds } = await runLoad({
      host: '127.0.0.1',
      port,
      path: `${BASE_PATH}/business/listByPage`,
      clients: CLIENTS,
      bodies: ['{"pageNo":1,"pageSize":10}'],
      warmupMs: WARMUP_MS,
      maxMs: MAX_MS,
      maxRequests: MAX_REQUESTS,
    });
    return { requestsPerSecond: round(latencies.length / seconds), ...percentiles(latencies) };
  } finally {
    await hello.close();
  }
}
