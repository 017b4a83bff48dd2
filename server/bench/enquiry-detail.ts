import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { BASE_PATH, HEADER } from '../../contract/http';
import { seedDemo } from '../seed';
import { percentiles, runLoad } from './run-load';
import { runBench } from './bench-app';

/**
 * An enquiry's detail (`/enquiry/getById`) on the demo data: demo_a104 opens its enquiries
 * (every round, its quotes and their lines), by BENCH_CLIENTS concurrent keep-alive clients on
 * loopback in a child process, for a bounded time and count. The last line is JSON
 * (scripts/bench.mjs reads it). A fresh in-memory PGlite, or with BENCH_USE_DATABASE_URL=1
 * DATABASE_URL in a schema of its own, dropped after.
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2) * 1000;

const round = (n: number) => Math.round(n * 100) / 100;

runBench('enquiry', {}, async (app, database) => {
  await seedDemo(app.services.db, app.services.storage);
  const login = await app.inject({
    method: 'POST',
    url: `${BASE_PATH}/supplier/login`,
    payload: { username: 'demo_a104', password: 'Demo1234' },
  });
  const headers = { [HEADER.token]: (login.json() as { data: { oauthToken: string } }).data.oauthToken };
  const list = await app.inject({ method: 'POST', url: `${BASE_PATH}/enquiry/listByPage`, headers, payload: { pageNo: 1, pageSize: 50 } });
  const ids = (list.json() as { data: { records: Array<{ id: string }> } }).data.records.map((r) => r.id);
  if (!ids.length) throw new Error('demo_a104 has no enquiries');
  const sizes = [];
  for (const id of ids) {
    const detail = (await app.inject({ method: 'POST', url: `${BASE_PATH}/enquiry/getById`, headers, payload: { id } })).json() as {
      code: string;
      data: { lines: unknown[]; rounds: unknown[]; quotes: unknown[] };
    };
    if (detail.code !== 'E000') throw new Error(`getById answered ${detail.code}`);
    sizes.push(`${detail.data.lines.length} lines, ${detail.data.rounds.length} rounds, ${detail.data.quotes.length} quotes`);
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const before = loadavg().map(round);
  const bodies = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ id: ids[i % ids.length] }));
  const { latencies, failures, seconds } = await runLoad({
    host: '127.0.0.1',
    port,
    path: `${BASE_PATH}/enquiry/getById`,
    clients: CLIENTS,
    bodies,
    warmupMs: WARMUP_MS,
    maxMs: MAX_MS,
    maxRequests: MAX_REQUESTS,
    headers,
  });
  const result = {
    database,
    enquiries: sizes,
    clients: CLIENTS,
    requests: latencies.length,
    failures,
    requestsPerSecond: round(latencies.length / seconds),
    ...percentiles(latencies),
    loadAverage: { before, after: loadavg().map(round) },
  };
  console.log(
    `/enquiry/getById of demo_a104's ${ids.length} enquiries (${sizes.join('; ')}), ${CLIENTS} clients (${result.database}): ` +
      `${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${failures} failures`,
  );
  console.log(JSON.stringify(result));
});
