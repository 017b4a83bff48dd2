import { connect, type Socket } from 'node:net';

/**
 * The benchmark's load generator, run as a child process (child_process.fork) so that its work
 * does not share the server's event loop: `clients` keep-alive HTTP/1.1 connections on loopback,
 * each sending the next request body as soon as its previous answer is complete. Bounded by a
 * request count and a deadline; reports latencies to the parent and exits.
 */
export interface LoadJob {
  host: string;
  port: number;
  path: string;
  clients: number;
  bodies: string[];
  warmupMs: number;
  maxMs: number;
  maxRequests: number;
  /** Sent with every request (a supplier's token for calls that need a session). */
  headers?: Record<string, string>;
  /**
   * Each connection stands for a client of its own address, named in X-Forwarded-For (the
   * server trusting one proxy): what the per-address limits see of many suppliers.
   */
  forwardedFor?: boolean;
}

export interface LoadResult {
  latencies: number[];
  /** The index in `bodies` of each request of `latencies` (the same order). */
  bodyIndex: number[];
  failures: number;
  seconds: number;
  warmup: number;
}

const CRLF2 = Buffer.from('\r\n\r\n');

/** One connection: `send` resolves with the response body (Content-Length framed, as Fastify sends JSON). */
function connection(
  host: string,
  port: number,
): Promise<{ send: (head: Buffer, body: Buffer) => Promise<{ status: number; body: string }>; close: () => void }> {
  return new Promise((ready, fail) => {
    const socket: Socket = connect({ host, port, noDelay: true });
    let buf = Buffer.alloc(0);
    let pending: ((r: { status: number; body: string }) => void) | null = null;
    let failPending: ((e: Error) => void) | null = null;
    socket.on('data', (chunk) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      const end = buf.indexOf(CRLF2);
      if (end < 0) return;
      const head = buf.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
      if (!Number.isFinite(length)) return failPending?.(new Error(`no content-length: ${head.slice(0, 200)}`));
      if (buf.length < end + 4 + length) return;
      const body = buf.subarray(end + 4, end + 4 + length).toString('utf8');
      buf = buf.subarray(end + 4 + length);
      const done = pending;
      pending = null;
      done?.({ status: Number(head.slice(9, 12)), body });
    });
    socket.once('error', (e) => (failPending ? failPending(e) : fail(e)));
    socket.once('close', () => failPending?.(new Error('connection closed')));
    socket.once('connect', () =>
      ready({
        send: (head, body) =>
          new Promise((resolve, reject) => {
            pending = resolve;
            failPending = reject;
            socket.write(Buffer.concat([head, body]));
          }),
        close: () => socket.destroy(),
      }),
    );
  });
}

async function run(job: LoadJob): Promise<LoadResult> {
  const extra = Object.entries(job.headers ?? {})
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  const requests = job.bodies.map((b) => {
    const body = Buffer.from(b);
    const head = Buffer.from(
      `POST ${job.path} HTTP/1.1\r\nHost: ${job.host}:${job.port}\r\nContent-Type: application/json\r\nAccept-Language: zh-CN\r\n${extra}Content-Length: ${body.length}\r\n`,
    );
    return { head, body };
  });
  const end = Buffer.from('\r\n');
  const conns = await Promise.all(
    Array.from({ length: job.clients }, async (_, i) => ({
      ...(await connection(job.host, job.port)),
      // The blank line that ends the head, after this client's address when it has one.
      endOfHead: job.forwardedFor ? Buffer.from(`X-Forwarded-For: 10.${i >> 16}.${(i >> 8) & 255}.${i & 255}\r\n\r\n`) : end,
    })),
  );
  let next = 0;
  const phase = async (ms: number, max: number, latencies: number[], bodyIndex: number[] = []) => {
    let failures = 0;
    const deadline = performance.now() + ms;
    await Promise.all(
      conns.map(async (c) => {
        while (latencies.length < max && performance.now() < deadline) {
          const index = next++ % requests.length;
          const req = requests[index]!;
          const t0 = performance.now();
          const res = await c.send(Buffer.concat([req.head, c.endOfHead]), req.body);
          latencies.push(performance.now() - t0);
          bodyIndex.push(index);
          if (res.status !== 200 || !res.body.startsWith('{"code":"E000"')) failures++;
        }
      }),
    );
    return failures;
  };
  const warm: number[] = [];
  await phase(job.warmupMs, Infinity, warm);
  const latencies: number[] = [];
  const bodyIndex: number[] = [];
  const started = performance.now();
  const failures = await phase(job.maxMs, job.maxRequests, latencies, bodyIndex);
  const seconds = (performance.now() - started) / 1000;
  for (const c of conns) c.close();
  return { latencies, bodyIndex, failures, seconds, warmup: warm.length };
}

process.once('message', (job: LoadJob) => {
  // A hard stop in case the server never answers.
  setTimeout(() => process.exit(2), job.warmupMs + job.maxMs + 30_000).unref();
  run(job).then(
    (result) => process.send!(result, () => process.exit(0)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
