import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadResult } from './load-client';

export type { LoadJob, LoadResult };

/**
 * Runs one load job in a child process (load-client.ts), so the clients' work does not share
 * the server's event loop and CPU time, and answers what it measured.
 */
export function runLoad(job: LoadJob): Promise<LoadResult> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise<LoadResult>((done, fail) => {
    child.once('message', (m) => done(m as LoadResult));
    child.once('error', fail);
    child.once('exit', (code) => code !== 0 && fail(new Error(`load generator exited with ${code}`)));
    child.send(job);
  });
}

const percentileOf = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const round = (n: number) => Math.round(n * 100) / 100;

/** Percentiles (ms, rounded to 0.01) of a set of latencies. */
export function percentiles(latencies: number[]): { p50Ms: number; p95Ms: number; p99Ms: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: round(percentileOf(sorted, 50)), p95Ms: round(percentileOf(sorted, 95)), p99Ms: round(percentileOf(sorted, 99)) };
}
