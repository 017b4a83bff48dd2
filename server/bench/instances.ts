import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from '../../contract/http';
import { roundRobinProxy } from '../../scripts/round-robin-proxy.mjs';
import { buildApp } from '../app';
import { scratchSchema } from '../db/scratch-schema';
import { seedBulkNotices } from '../seed';
import { runLoad, type LoadResult } from './run-load';
import { trafficMix } from './traffic';

/**
 * Scaling out: the list benchmark's mix of /business/listByPage (list-by-page.ts)
 * over 100,000 notices on PostgreSQL (DATABASE_URL, in a schema of its own, dropped after),
 * sent by 50 keep-alive clients in one run to
 *   1. one instance, directly;
 *   2. one instance behind the round-robin proxy (what the proxy hop itself costs);
 *   3. two instances behind the proxy (npm run start:cluster's deployment).
 * Each instance is a process of its own; the answer cache is off (BENCH_CACHE_MS to set it), so
 * the figure is the instances' and the database's work. The last line is JSON (scripts/bench.mjs).
 */
const DATABASE_URL = process.env.DATABASE_URL;
const NOTICES = Number(process.env.BENCH_NOTICES ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const MAX_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 30_000);
const MAX_MS = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const WARMUP_MS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3) * 1000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Instance {
  port: number;
  child: ChildProcess;
}

function startInstance(db: string, dataDir: string): Promise<Instance> {
  const child = fork(here('./instance.ts'), [], {
    env: { ...process.env, BENCH_INSTANCE_DB: db, BENCH_INSTANCE_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve({ port: (m as { port: number }).port, child }));
    child.once('exit', (code) => reject(new Error(`an instance exited with ${code}`)));
  });
}

function stopInstance({ child }: Instance): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.send('stop');
  });
}

function loadOn(port: number, bodies: string[]): Promise<LoadResult> {
  return runLoad({
    host: '127.0.0.1',
    port,
    path: `${BASE_PATH}/business/listByPage`,
    clients: CLIENTS,
    bodies,
    warmupMs: WARMUP_MS,
    maxMs: MAX_MS,
    maxRequests: MAX_REQUESTS,
    forwardedFor: true,
  });
}

function summary(name: string, { latencies, failures, seconds }: LoadResult) {
  latencies.sort((a, b) => a - b);
  const result = {
    setup: name,
    requests: latencies.length,
    failures,
    requestsPerSecond: round(latencies.length / seconds),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    loadAverage: loadavg().map(round),
  };
  console.log(
    `${name}: ${result.requestsPerSecond} req/s, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms, p99 ${result.p99Ms} ms, ${failures} failures`,
  );
  return result;
}

async function main(): Promise<void> {
  if (!DATABASE_URL) throw new Error('DATABASE_URL is needed (scripts/bench.mjs starts a throwaway PostgreSQL)');
  const schema = await scratchSchema(DATABASE_URL, 'bench_instances');
  const dataDir = mkdtempSync(join(tmpdir(), 'bid-bench-instances-'));
  const instances: Instance[] = [];
  try {
    const seeder = await buildApp({ dataDir, databaseUrl: schema.url, logLevel: 'warn' });
    const seeded = Date.now();
    await seedBulkNotices(seeder.services.db, NOTICES);
    await seeder.close();
    console.log(
      `seeded ${NOTICES} notices in ${((Date.now() - seeded) / 1000).toFixed(1)} s; ${CLIENTS} clients, ${MAX_MS / 1000} s per setup after ${WARMUP_MS / 1000} s of warm-up, answer cache ${process.env.BENCH_CACHE_MS ? `${process.env.BENCH_CACHE_MS} ms` : 'off'}`,
    );
    const { bodies } = trafficMix({ notices: NOTICES, count: 40_000, searchShare: 0.5 });

    instances.push(await startInstance(schema.url, dataDir));
    const direct = summary('one instance, direct', await loadOn(instances[0]!.port, bodies));
    const proxied = await roundRobinProxy([instances[0]!.port]);
    const oneBehindProxy = summary('one instance behind the proxy', await loadOn((proxied.address() as AddressInfo).port, bodies));
    proxied.close();
    instances.push(await startInstance(schema.url, dataDir));
    const proxy = await roundRobinProxy(instances.map((i) => i.port));
    const two = summary('two instances behind the proxy', await loadOn((proxy.address() as AddressInfo).port, bodies));
    proxy.close();

    const result = {
      notices: NOTICES,
      clients: CLIENTS,
      cores: (await import('node:os')).availableParallelism(),
      setups: [direct, oneBehindProxy, two],
      twoToOneBehindProxy: round(two.requestsPerSecond / oneBehindProxy.requestsPerSecond),
      twoToOneDirect: round(two.requestsPerSecond / direct.requestsPerSecond),
    };
    console.log(
      `two instances / one (both behind the proxy): ${result.twoToOneBehindProxy}x; two behind the proxy / one direct: ${result.twoToOneDirect}x`,
    );
    console.log(JSON.stringify(result));
  } finally {
    await Promise.all(instances.map(stopInstance));
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
