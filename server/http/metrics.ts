import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import { REASON_HEADER } from '../../contract/http';
import type { PoolStats } from '../db/db';
import { addressMatcher } from './addresses';

/**
 * What the bid service counts for Prometheus, in a registry of the app's own: tests
 * build many apps in one process, and prom-client's global registry would mix them (and refuse
 * the second app's metrics by name). No prefix: the standard names (`http_requests_total`,
 * `process_cpu_seconds_total`, `nodejs_*`) are what stock dashboards query, and Prometheus's
 * `job` label tells this service from others.
 */
export interface Metrics {
  registry: Registry;
  /** Requests by method, route pattern ("unmatched" for none), HTTP status and X-Reason ("" for none). */
  httpRequests: Counter<'method' | 'route' | 'code' | 'reason'>;
  httpDuration: Histogram<'method' | 'route' | 'code'>;
  /** A statement outside a transaction (`query`) or a whole transaction (`transaction`): the wait for the connection plus the run. */
  dbDuration: Histogram<'kind'>;
  /** Idempotent writes answered with their first answer again. */
  idempotentReplays: Counter;
  /** Duplicates answered E409 inProgress (their first run still held the key past the wait). */
  idempotencyInProgress: Counter;
  /** tus bytes written to the upload store (what a client's Upload-Offset moved by). */
  tusBytesReceived: Counter;
  /** Finished tus uploads whose bytes differed from the portal's SHA-256: refused, sent again. */
  tusDigestMismatches: Counter;
  /** Verification codes handed to a transport: way mail|phone, outcome sent|failed (services/verification-codes.ts counts them). */
  verificationCodes: Counter<'way' | 'outcome'>;
  /**
   * Documents of the server render (render/server-render.ts), by outcome: `rendered`, `kept`
   * (a render of the last 10 s), or the plain shell for a `session` (a logged-in supplier), when
   * `busy` (renders waiting at their limit) or after a `failed` render (an error or its timeout).
   */
  serverRenders: Counter<'outcome'>;
}

/** Seconds; around the targets of DESIGN.md section 7 (20, 50, 150 ms) and up to a slow 50 MB upload. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10, 30, 120];
const DB_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a proxy adds to a request it passes on (Prometheus sends none of them). */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/** The routes that never count themselves: the probes and the scrape. */
const UNCOUNTED = new Set(['/metrics', '/healthz', '/readyz']);

let processMetrics: Metric[] | undefined;
/**
 * Process metrics (CPU, memory, event-loop lag, GC, handles) are the process's, whatever app
 * reads them: collected once per process and registered in every app's registry. Collected per
 * app, each test app would leave an event-loop monitor and a GC observer behind.
 */
function sharedProcessMetrics(): Metric[] {
  if (!processMetrics) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    processMetrics = registry.getMetricsAsArray().map(({ name }) => registry.getSingleMetric(name)!);
  }
  return processMetrics;
}

/** `pool`: the PostgreSQL pool's counts, read at each scrape (none on PGlite, which has one connection). */
export function createMetrics(opts: { pool?: () => PoolStats } = {}): Metrics {
  const registry = new Registry();
  for (const metric of sharedProcessMetrics()) registry.registerMetric(metric);
  const registers = [registry];
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern, status and X-Reason (the message key of a refusal answered in the envelope)',
      labelNames: ['method', 'route', 'code', 'reason'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer',
      labelNames: ['method', 'route', 'code'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    dbDuration: new Histogram({
      name: 'db_query_duration_seconds',
      help: 'Database time: waiting for the connection (PGlite runs one at a time; the pool may be busy) plus running, per statement outside transactions and per whole transaction',
      labelNames: ['kind'],
      buckets: DB_BUCKETS,
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'idempotent_replays_total',
      help: 'Writes repeated with the same Idempotency-Key and answered with their first answer',
      registers,
    }),
    idempotencyInProgress: new Counter({
      name: 'idempotency_in_progress_total',
      help: 'Duplicates of a write still running, answered E409 inProgress (the outbox retries them)',
      registers,
    }),
    tusBytesReceived: new Counter({
      name: 'tus_bytes_received_total',
      help: 'Bytes of tus uploads written to the upload store',
      registers,
    }),
    tusDigestMismatches: new Counter({
      name: 'tus_digest_mismatches_total',
      help: 'Finished tus uploads whose bytes differed from the SHA-256 the portal sent: refused (E409 fileDigestMismatch) and sent again',
      registers,
    }),
    verificationCodes: new Counter({
      name: 'verification_codes_total',
      help: 'Verification codes handed to their transport, by way (mail, phone) and outcome (sent, failed)',
      labelNames: ['way', 'outcome'],
      registers,
    }),
    serverRenders: new Counter({
      name: 'server_renders_total',
      help: 'Screens served by the server render, by outcome: rendered, kept, or the plain shell for a session on a public screen, without one on a supplier screen, when busy, or after a failed render',
      labelNames: ['outcome'],
      registers,
    }),
  };
  const pool = opts.pool;
  if (pool) {
    const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool()));
        },
      });
    gauge('db_pool_connections', 'Open connections of the PostgreSQL pool', (s) => s.total);
    gauge('db_pool_idle_connections', 'Open connections of the PostgreSQL pool not in use', (s) => s.idle);
    gauge('db_pool_waiting_clients', 'Queries and transactions waiting for a connection of the pool', (s) => s.waiting);
    gauge('db_pool_max_connections', 'The most connections the pool opens', (s) => s.max);
  }
  return metrics;
}

/**
 * Counts every answer (by route pattern, so label values stay as few as the routes) and serves
 * `/metrics` to the addresses `allow` lists (false: no endpoint, the path is unknown like any
 * other). Called before the routes are registered, so that the hook sees them all.
 *
 * The address is the socket's, the direct peer, never X-Forwarded-For: behind TRUST_PROXY a
 * client's forwarded address may be anything the proxy was told, and an outside client must not
 * read metrics through the proxy. Prometheus scrapes each instance directly. A request that
 * carries a forwarding header is refused too, whatever its peer: it came through a proxy, on
 * behalf of someone else. A reverse proxy on the same host (nginx in front of 127.0.0.1:8080)
 * connects from loopback, and would otherwise hand the metrics to anyone on the internet.
 */
export function installMetrics(app: FastifyInstance, metrics: Metrics, allow: string[] | false): void {
  const { httpRequests, httpDuration, registry } = metrics;
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (!UNCOUNTED.has(route)) {
      const code = String(reply.statusCode);
      const reason = reply.getHeader(REASON_HEADER);
      httpRequests.inc({ method: req.method, route, code, reason: typeof reason === 'string' ? reason : '' });
      httpDuration.observe({ method: req.method, route, code }, reply.elapsedTime / 1000);
    }
    done();
  });
  if (allow === false) return;
  const allowed = addressMatcher(allow);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'silent' }, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    const forwarded = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
    if (forwarded || !allowed(req.socket.remoteAddress)) return reply.code(403).type('text/plain; charset=utf-8').send('Forbidden\n');
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
