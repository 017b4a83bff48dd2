import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from '../../contract/http';
import { seedBulkNotices, seedDemo } from '../seed';
import { MATERIALS } from '../seed/bulk-notices';
import { rng } from '../seed/random';
import { percentiles, runLoad, type LoadJob } from './run-load';
import { runBench } from './bench-app';

/**
 * Can a public request pattern starve everyone else? One client reads a notice's detail, one
 * request after another, first alone (idle), then while 5 and then 50 other connections send
 * searches for rare terms (the least bought materials, their two-character parts, rare
 * specifications) with pages from 1 to 5,000, each connection from an address of its own (so the
 * per-address limit does not help: what holds is what a search costs), then the same 50 from one
 * address. Demo data and 100,000 bulk notices. The last line is JSON (scripts/bench.mjs reads it).
 */
const NOTICES = Number(process.env.BENCH_NOTICES ?? 100_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2) * 1000;

const round = (n: number) => Math.round(n * 100) / 100;

function rareSearches(count: number): string[] {
  const r = rng(11);
  const tail = MATERIALS.slice(-15).map((m) => m[0]);
  const pairs = tail.flatMap((w) => Array.from({ length: w.length - 1 }, (_, i) => w.slice(i, i + 2)));
  const terms = [...tail, ...pairs, 'SKF 23152', '23μm', 'chăn ép', 'ceramic dewatering'];
  return Array.from({ length: count }, () =>
    JSON.stringify({ bindOrPurchase: r.int(0, 1), pageNo: r.int(1, 5_000), pageSize: r.pick([10, 20]), searchContent: r.pick(terms) }),
  );
}

runBench('starvation', { logLevel: 'warn', listCacheMs: 0, trustProxy: ['127.0.0.1'] }, async (app, database) => {
  await seedDemo(app.services.db, app.services.storage);
  await seedBulkNotices(app.services.db, NOTICES);
  const [notice] = await app.services.db.query<{ id: string }>("SELECT id::text AS id FROM notices WHERE tender_no LIKE 'ZB____0001'");
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const base = { host: '127.0.0.1', port, warmupMs: WARMUP_MS, maxMs: MAX_MS, maxRequests: 1_000_000 };
  const detail: LoadJob = { ...base, path: `${BASE_PATH}/business/getById`, clients: 1, bodies: [JSON.stringify({ id: notice!.id })] };
  const searches = rareSearches(20_000);

  const measure = async (attackers: number, oneAddress = false) => {
    const [seen, attack] = await Promise.all([
      runLoad(detail),
      attackers
        ? runLoad({ ...base, path: `${BASE_PATH}/business/listByPage`, clients: attackers, bodies: searches, forwardedFor: !oneAddress })
        : null,
    ]);
    return {
      detail: percentiles(seen.latencies),
      searches: attack
        ? {
            requestsPerSecond: round(attack.latencies.length / attack.seconds),
            ...percentiles(attack.latencies),
            refusedOrFailed: attack.failures,
          }
        : null,
    };
  };

  const before = loadavg().map(round);
  const idle = await measure(0);
  const five = await measure(5);
  const fifty = await measure(50);
  const fiftyOneAddress = await measure(50, true);
  const ratio = (m: { detail: { p50Ms: number } }) => round(m.detail.p50Ms / idle.detail.p50Ms);
  const result = {
    database,
    notices: NOTICES,
    idle: idle.detail,
    five: { ...five, ratio: ratio(five) },
    fifty: { ...fifty, ratio: ratio(fifty) },
    fiftyOneAddress: { ...fiftyOneAddress, ratio: ratio(fiftyOneAddress) },
    loadAverage: { before, after: loadavg().map(round) },
  };
  console.log(`notice detail alone: p50 ${idle.detail.p50Ms} ms, p95 ${idle.detail.p95Ms} ms`);
  for (const [name, m] of [
    ['5 connections', result.five],
    ['50 connections', result.fifty],
    ['50 connections, one address', result.fiftyOneAddress],
  ] as const) {
    console.log(
      `with ${name} searching rare terms at pages 1-5,000: detail p50 ${m.detail.p50Ms} ms (${m.ratio}x), p95 ${m.detail.p95Ms} ms; ` +
        `searches ${m.searches?.requestsPerSecond} req/s, p95 ${m.searches?.p95Ms} ms, ${m.searches?.refusedOrFailed} refused or failed`,
    );
  }
  console.log(JSON.stringify(result));
});
