import { loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { MESSAGE_KINDS } from '../../contract/home-values';
import { BASE_PATH, HEADER } from '../../contract/http';
import type { Db } from '../db/db';
import { seedDemo } from '../seed';
import { rng } from '../seed/random';
import { runLoad as run, type LoadJob } from './run-load';
import { runBench } from './bench-app';

/**
 * The home page's reads for a supplier with 10,000 messages: `/home/todoList` (the to-dos derived
 * from the records, with the counts and the unread messages) and `/home/messageList` (paged,
 * newest first, a share of unread-only pages and deep pages), each by 20 concurrent keep-alive
 * clients on loopback in a child process, for a bounded time and count. Prints latency
 * percentiles per call; the last line is JSON (scripts/bench.mjs reads it).
 *
 * The demo installation is seeded (demo_a104 has a to-do of every kind), then demo_a104 gets
 * BENCH_MESSAGES messages (BENCH_UNREAD of them unread) and the two other demo suppliers
 * BENCH_OTHER_MESSAGES each, so the table is not the one supplier's alone.
 *
 * Runs on a fresh in-memory PGlite, or with BENCH_USE_DATABASE_URL=1 on DATABASE_URL in a schema
 * of its own, created for the run and dropped after it (any database will do).
 */
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 10_000);
const UNREAD = Number(process.env.BENCH_UNREAD ?? 2_000);
const OTHER_MESSAGES = Number(process.env.BENCH_OTHER_MESSAGES ?? 45_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2) * 1000;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;
const load = () => loadavg().map((n) => round(n));

/** `count` messages of `supplierId`, one every 7 minutes back from `now`, the newest `unread` unread. */
async function seedMessages(db: Db, supplierId: string, count: number, unread: number, now: Date): Promise<void> {
  // The visit kinds name real applications, so the page's join to the production base is exercised.
  const visits = (await db.query<{ id: string }>('SELECT id::text AS id FROM visit_applications ORDER BY id')).map((r) => r.id);
  await db.query(
    `INSERT INTO supplier_messages (supplier_id, kind, ref_id, number, name, deadline, note, created_at, read_at)
     SELECT $1, k.kind,
            CASE WHEN k.kind LIKE 'visit%' AND cardinality($3::uuid[]) > 0 THEN ($3::uuid[])[1 + g.i % cardinality($3::uuid[])] ELSE gen_random_uuid() END,
            'ZB' || lpad(g.i::text, 10, '0'), '基准测试消息 ' || g.i,
            CASE WHEN k.kind IN ('visitApproved', 'visitReturned', 'communicationReplied') THEN NULL ELSE $4::timestamptz + g.i * interval '1 hour' END,
            CASE k.kind WHEN 'resultAnnounced' THEN 'lost' WHEN 'roundOpened' THEN '2' ELSE '' END,
            $4::timestamptz - g.i * interval '7 minutes',
            CASE WHEN g.i > $5 THEN $4::timestamptz - g.i * interval '7 minutes' + interval '1 hour' END
       FROM generate_series(1, $6::int) AS g(i)
       CROSS JOIN LATERAL (SELECT ($2::text[])[1 + g.i % cardinality($2::text[])] AS kind) k`,
    [supplierId, [...MESSAGE_KINDS], visits, now, unread, count],
  );
}

/** Request bodies of each call, in a fixed pseudo-random order. */
function bodies(): { todoList: string[]; messageList: string[] } {
  const r = rng(20_261_109);
  const todoList = Array.from({ length: 2000 }, () => JSON.stringify(r.next() < 0.8 ? {} : { pageNo: 1, pageSize: 20 }));
  const messageList = Array.from({ length: 2000 }, () => {
    const x = r.next();
    // The first page, the unread ones, and older pages up to 2,000 messages back.
    if (x < 0.5) return JSON.stringify({ pageNo: 1, pageSize: 10 });
    if (x < 0.7) return JSON.stringify({ pageNo: 1, pageSize: 10, unreadOnly: true });
    const pageSize = r.pick([10, 20] as const);
    return JSON.stringify({ pageNo: r.int(2, 2000 / pageSize), pageSize });
  });
  return { todoList, messageList };
}

runBench('home', { logLevel: LOG_LEVEL }, async (app, database) => {
  const { db } = app.services;
  const now = new Date();
  const seeded = Date.now();
  await seedDemo(db, app.services.storage, now);
  const ids = new Map(
    (await db.query<{ username: string; id: string }>('SELECT username, id::text AS id FROM suppliers')).map((r) => [r.username, r.id]),
  );
  await seedMessages(db, ids.get('demo_a104')!, MESSAGES, UNREAD, now);
  for (const other of ['demo_a101', 'demo_a141']) await seedMessages(db, ids.get(other)!, OTHER_MESSAGES, UNREAD, now);
  await db.exec('ANALYZE');
  const seedSeconds = (Date.now() - seeded) / 1000;
  const login = await app.inject({
    method: 'POST',
    url: `${BASE_PATH}/supplier/login`,
    payload: { username: 'demo_a104', password: 'Demo1234' },
  });
  const token = (login.json() as { data: { oauthToken: string } }).data.oauthToken;
  const headers = { [HEADER.token]: token };
  const check = async (path: string) =>
    (await app.inject({ method: 'POST', url: `${BASE_PATH}${path}`, headers, payload: {} })).json() as {
      data: { total: number; unread?: number; counts?: unknown };
    };
  const todos = await check('/home/todoList');
  const messages = await check('/home/messageList');
  console.log(
    `seeded the demo and ${MESSAGES} messages of demo_a104 (${UNREAD} unread) + ${2 * OTHER_MESSAGES} of two other suppliers in ${seedSeconds.toFixed(1)} s; ` +
      `demo_a104 has ${todos.data.total} to-dos ${JSON.stringify(todos.data.counts)}, ${messages.data.total} messages, ${messages.data.unread} unread`,
  );

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const mix = bodies();
  console.log(
    `server: log level ${LOG_LEVEL}; ${CLIENTS} clients; messageList mix: 50% page 1, 20% unread only, 30% pages back to 2,000 messages; load average before: ${load().join(' ')}`,
  );
  const result: Record<string, unknown> = {
    database,
    messages: MESSAGES,
    unread: UNREAD,
    otherMessages: 2 * OTHER_MESSAGES,
    clients: CLIENTS,
    seedSeconds: round(seedSeconds),
  };
  for (const call of ['todoList', 'messageList'] as const) {
    const job: LoadJob = {
      host: '127.0.0.1',
      port,
      path: `${BASE_PATH}/home/${call}`,
      clients: CLIENTS,
      bodies: mix[call],
      warmupMs: WARMUP_MS,
      maxMs: MAX_MS,
      maxRequests: MAX_REQUESTS,
      headers,
    };
    const { latencies, failures, seconds } = await run(job);
    latencies.sort((a, b) => a - b);
    const figures = {
      requests: latencies.length,
      failures,
      seconds: round(seconds),
      requestsPerSecond: round(latencies.length / seconds),
      p50Ms: round(percentile(latencies, 50)),
      p95Ms: round(percentile(latencies, 95)),
      p99Ms: round(percentile(latencies, 99)),
    };
    result[call] = figures;
    console.log(
      `/home/${call}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, ${failures} failures`,
    );
  }
  result.loadAverage = load();
  console.log(JSON.stringify(result));
});
