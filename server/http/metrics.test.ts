import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_PATH, TUS_PATH } from '../../contract/http';
import { buildApp, type AppOptions } from '../app';
import { ENGINE } from '../test/engine';
import { build } from '../test/helper';
import type { Services } from './context';
import { withIdempotency } from './idempotency';
import { addressMatcher } from './addresses';
import { createMetrics } from './metrics';

const t = await build();

/** Another app on `t`'s database, for what is set when the app is built. */
async function appWith(options: Partial<AppOptions>): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bid-metrics-test-'));
  const app = await buildApp({ dataDir, db: t.db, migrate: false, logLevel: 'silent', ...options });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return app;
}

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text format (prom-client writes one per line, labels quoted). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, k, v]) => [k!, v!]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The value of the sample with exactly these labels; undefined when there is none. */
const valueOf = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.find(
    (s) =>
      s.name === name &&
      Object.keys(s.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;

const scrape = async (app: FastifyInstance, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

const LIST = `${BASE_PATH}/business/listByPage`;
const LOGIN = `${BASE_PATH}/supplier/login`;
const SAVE = `${BASE_PATH}/communication/save`;
const TUS = `${BASE_PATH}${TUS_PATH}`;

describe('/metrics', () => {
  it('counts requests by route pattern, status and reason, replays, tus bytes and database time, for a loopback scrape', async () => {
    const list = { bindOrPurchase: 0, pageNo: 1, pageSize: 10 };
    expect((await t.post('/business/listByPage', list)).code).toBe('E000');
    expect((await t.post('/business/listByPage', { ...list, pageNo: 2 })).code).toBe('E000');
    expect((await t.post('/supplier/login', { username: 'demo_a104', password: 'Wrong1234' })).code).toBe('E400');
    const me = await t.login('demo_a104');
    const body = { priority: 'low', topic: '指标', content: '只应保存一次' };
    const key = { token: me.token, headers: { 'idempotency-key': 'metrics-key-0001' } };
    const first = await t.post('/communication/save', body, key);
    expect(first.code).toBe('E000');
    expect(await t.post('/communication/save', body, key)).toEqual(first);
    // A tus upload of 7 bytes: 3 with the creation, 4 in a PATCH.
    const tusHeaders = { 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream' };
    const created = await t.app.inject({
      method: 'POST',
      url: TUS,
      headers: { ...tusHeaders, 'upload-length': '7', 'upload-metadata': `filename ${Buffer.from('a.pdf').toString('base64')}` },
      payload: Buffer.from('abc'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers['upload-offset']).toBe('3');
    const patched = await t.app.inject({
      method: 'PATCH',
      url: String(created.headers.location),
      headers: { ...tusHeaders, 'upload-offset': '3' },
      payload: Buffer.from('defg'),
    });
    expect(patched.statusCode).toBe(204);
    expect(patched.headers['upload-offset']).toBe('7');
    // Unknown paths share one label value, whatever they are.
    await t.app.inject({ method: 'GET', url: '/nowhere/1' });
    await t.app.inject({ method: 'GET', url: `${BASE_PATH}/nowhere/${'x'.repeat(40)}` });
    // Probes and scrapes do not count themselves.
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/readyz' });
    expect((await scrape(t.app)).statusCode).toBe(200);
    t.app.services.metrics.verificationCodes.inc({ way: 'mail', outcome: 'sent' });

    const res = await scrape(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const all = samples(res.body);
    const requests = (method: string, route: string, code: string, reason = '') =>
      valueOf(all, 'http_requests_total', { method, route, code, reason });
    expect(requests('POST', LIST, '200')).toBe(2);
    expect(valueOf(all, 'http_request_duration_seconds_count', { method: 'POST', route: LIST, code: '200' })).toBe(2);
    expect(valueOf(all, 'http_request_duration_seconds_bucket', { method: 'POST', route: LIST, code: '200', le: '+Inf' })).toBe(2);
    expect(valueOf(all, 'http_request_duration_seconds_sum', { method: 'POST', route: LIST, code: '200' })).toBeGreaterThan(0);
    expect(requests('POST', LOGIN, '200', 'loginFailed')).toBe(1);
    expect(requests('POST', LOGIN, '200')).toBe(1);
    expect(requests('POST', SAVE, '200')).toBe(2);
    expect(requests('POST', TUS, '201')).toBe(1);
    expect(requests('PATCH', `${TUS}/:id`, '204')).toBe(1);
    expect(requests('GET', 'unmatched', '200', 'notFound')).toBe(2);
    expect(all.filter((s) => s.name === 'http_requests_total').reduce((n, s) => n + s.value, 0)).toBe(10);
    expect(all.filter((s) => /^\/(healthz|readyz|metrics)$/.test(s.labels.route ?? ''))).toEqual([]);
    expect(valueOf(all, 'idempotent_replays_total')).toBe(1);
    expect(valueOf(all, 'idempotency_in_progress_total')).toBe(0);
    expect(valueOf(all, 'tus_bytes_received_total')).toBe(7);
    expect(valueOf(all, 'verification_codes_total', { way: 'mail', outcome: 'sent' })).toBe(1);
    expect(valueOf(all, 'db_query_duration_seconds_count', { kind: 'query' })).toBeGreaterThan(0);
    // The save runs in a transaction (the idempotency key's and the write's), its replay too.
    expect(valueOf(all, 'db_query_duration_seconds_count', { kind: 'transaction' })).toBeGreaterThanOrEqual(2);
    // The process's own metrics, under their standard names.
    expect(valueOf(all, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(all.some((s) => s.name === 'nodejs_eventloop_lag_seconds')).toBe(true);
    // The pool's gauges on PostgreSQL only (PGlite has one connection).
    expect(valueOf(all, 'db_pool_max_connections')).toBe(ENGINE === 'postgres' ? 10 : undefined);
    expect(all.some((s) => s.name === 'db_pool_idle_connections')).toBe(ENGINE === 'postgres');
    // Outside the public contract.
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: `${BASE_PATH}/openapi.json` })).json<{ paths: object }>().paths);
    expect(paths.filter((p) => p.includes('metrics'))).toEqual([]);
  });

  it('reads the socket address of a real connection', async () => {
    const app = await appWith({});
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('# TYPE http_requests_total counter');
  });

  it('answers 403, without a word of the metrics, to addresses not allowed (loopback by default)', async () => {
    for (const address of ['203.0.113.7', '10.0.0.1', '192.168.1.2', 'fe80::1', '2001:db8::1']) {
      const res = await scrape(t.app, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.body).toBe('Forbidden\n');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'])
      expect((await scrape(t.app, address)).statusCode, address).toBe(200);
  });

  it('judges the connection, never X-Forwarded-For, and refuses what came through a proxy', async () => {
    const app = await appWith({ trustProxy: ['10.0.0.0/8'], metricsAllow: ['10.20.0.0/16', '192.0.2.10'] });
    // A trusted proxy passing on a request of an allowed address: still the proxy's request.
    expect((await scrape(app, '10.1.1.1', { 'x-forwarded-for': '10.20.3.4' })).statusCode).toBe(403);
    expect((await scrape(app, '127.0.0.1')).statusCode).toBe(403);
    expect((await scrape(app, '10.20.3.4')).statusCode).toBe(200);
    expect((await scrape(app, '::ffff:192.0.2.10')).statusCode).toBe(200);
    // An allowed peer passing on someone else's request (a reverse proxy on the scraper's host).
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect((await scrape(app, '10.20.3.4', { [header]: '203.0.113.7' })).statusCode, header).toBe(403);
  });

  it('is not there at all with METRICS_ALLOW=off', async () => {
    const app = await appWith({ metricsAllow: false });
    const res = await scrape(app);
    expect(res.json()).toMatchObject({ code: 'E404' });
    expect(app.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
  });

  it('counts a duplicate answered E409 inProgress', async () => {
    const metrics = createMetrics();
    const lockTimeout = Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' });
    const services = { db: { transaction: () => Promise.reject(lockTimeout) }, now: () => new Date(), metrics } as unknown as Services;
    const req = {
      headers: { 'idempotency-key': 'metrics-key-0002' },
      routeOptions: { url: '/write' },
      url: '/write',
      body: {},
      server: { services },
    } as unknown as FastifyRequest;
    await expect(withIdempotency(req, null, async () => 1)).rejects.toMatchObject({ code: 'E409', key: 'inProgress' });
    expect((await metrics.idempotencyInProgress.get()).values[0]!.value).toBe(1);
    expect((await metrics.idempotentReplays.get()).values[0]!.value).toBe(0);
  });

  it('keeps the metrics of each app apart', async () => {
    const a = createMetrics();
    const b = createMetrics({ pool: () => ({ total: 3, idle: 1, waiting: 2, max: 10 }) });
    a.tusBytesReceived.inc(5);
    const text = await b.registry.metrics();
    expect(valueOf(samples(text), 'tus_bytes_received_total')).toBe(0);
    expect(valueOf(samples(text), 'db_pool_waiting_clients')).toBe(2);
    expect(valueOf(samples(await a.registry.metrics()), 'tus_bytes_received_total')).toBe(5);
  });
});

describe('addressMatcher', () => {
  it('matches addresses, ranges and names, IPv4 in its IPv6-mapped form too', () => {
    const match = addressMatcher(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.255.0.1', '2001:db8::5', '192.0.2.1'])
      expect(match(address), address).toBe(true);
    for (const address of ['11.0.0.1', '192.0.2.2', '2001:db9::1', 'fe80::1', '', undefined, 'localhost'])
      expect(match(address), String(address)).toBe(false);
    const named = addressMatcher(['linklocal', 'uniquelocal']);
    for (const address of ['169.254.1.1', 'fe80::1', '172.16.5.5', '192.168.0.1', 'fd00::1']) expect(named(address), address).toBe(true);
    expect(named('172.32.0.1')).toBe(false);
  });
});
