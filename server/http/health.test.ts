import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../contract/http';
import { build } from '../test/helper';
import type { Services } from './context';
import { healthRoutes, type ReadinessCheck } from './health';

const stream = new PassThrough();
const lines: string[] = [];
stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
// Request logs on (LOG_REQUESTS=1): the probes still write none.
const t = await build({ logLevel: 'info', logStream: stream, logRequests: true });

/** A bare app with the probes on a database that fails or hangs. */
async function probesOn(query: () => Promise<unknown[]>, checks: ReadinessCheck[] = []) {
  const app = Fastify({ logger: false });
  app.decorate('services', { db: { query } } as unknown as Services);
  await app.register(healthRoutes, { lifecycle: { shuttingDown: false, checks } });
  return app;
}

describe('/healthz and /readyz', () => {
  it('answer that the instance lives and is ready, uncached, without a log line, outside the public contract', async () => {
    lines.length = 0;
    const live = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([]);
    // A request of the API is still logged: the quiet is the probes' own.
    await t.app.inject({
      method: 'POST',
      url: `${BASE_PATH}/business/listByPage`,
      payload: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 },
    });
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(['incoming request', 'request completed']);
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: `${BASE_PATH}/openapi.json` })).json<{ paths: object }>().paths);
    expect(paths.filter((p) => /healthz|readyz/.test(p))).toEqual([]);
  });

  it('/readyz answers 503 once the instance is told to stop, so the load balancer sends nothing new', async () => {
    t.app.lifecycle.shuttingDown = true;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'shutting down' });
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.shuttingDown = false;
    }
  });

  it("/readyz answers 503 on a database without this version's migrations", async () => {
    const [newest] = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [newest!.name]);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'migrations not applied' });
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [newest!.name]);
    }
  });

  it('/readyz answers 503 when the database fails, and within 2 s when it hangs', async () => {
    const failing = await probesOn(() => Promise.reject(new Error('connection refused')));
    expect((await failing.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'database unavailable' });
    const hanging = await probesOn(() => new Promise(() => undefined));
    const started = Date.now();
    const res = await hanging.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await hanging.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('/readyz answers 503 with the reason of a failing check (the tus lock connection), and 200 once it passes again', async () => {
    let down = true;
    const app = await probesOn(async () => [{ '?column?': 1 }], [() => null, () => (down ? 'tus lock connection down' : null)]);
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'tus lock connection down' });
    down = false;
    expect((await app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    // The database is asked first: when it fails, that is the reason given.
    const failing = await probesOn(() => Promise.reject(new Error('connection refused')), [() => 'tus lock connection down']);
    expect((await failing.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'database unavailable' });
  });
});
