import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { readEnv } from '../env';
import { build } from '../test/helper';

interface LogLine {
  msg: string;
  reqId?: string;
}

/**
 * A service per setting, started once for the file: each start (PGlite, migrations, demo data)
 * takes seconds, and tens of seconds on a loaded machine, where a service per read ran past the
 * test timeout. Each app writes to its own stream; a read takes the lines written for it.
 */
const services = new Map<boolean | undefined, ReturnType<typeof start>>();
async function start(logRequests: boolean | undefined) {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const t = await build({ logLevel: 'info', logStream: stream, logRequests });
  return { t, lines };
}
const service = (logRequests: boolean | undefined) => {
  if (!services.has(logRequests)) services.set(logRequests, start(logRequests));
  return services.get(logRequests)!;
};

let reads = 0;
/** The log lines an app writes while answering one public list read, and the response. */
async function read(logRequests: boolean | undefined, headers: Record<string, string> = {}) {
  const { t, lines } = await service(logRequests);
  lines.length = 0;
  const res = await t.app.inject({
    method: 'POST',
    url: '/bid-web/bid-service/business/listByPage',
    payload: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 },
    headers,
  });
  expect(res.json()).toMatchObject({ code: 'E000' });
  // pino writes asynchronously and in order: once a line logged after the response is in, so is
  // every line the request wrote (rather than a fixed wait that a loaded machine could outlast).
  const marker = `test: read ${++reads} answered`;
  t.app.log.info(marker);
  await vi.waitFor(() => expect(lines.some((l) => (JSON.parse(l) as LogLine).msg === marker)).toBe(true), { timeout: 10_000 });
  const log = lines.map((l) => JSON.parse(l) as LogLine);
  const end = log.findIndex((l) => l.msg === marker);
  return { res, log: log.slice(0, end) };
}

const linesOf = async (logRequests: boolean | undefined) => (await read(logRequests)).log.map((l) => l.msg);

// The first read of each setting starts its service: on a busy machine that is more than the default
// 30 s (100 s was seen at a load average of 15 on 2 cores).
describe('request logs', { timeout: 300_000 }, () => {
  it('are off by default: a list read writes no log line at the default level', async () => {
    const lines = await linesOf(undefined);
    expect(lines).not.toContain('incoming request');
    expect(lines).not.toContain('request completed');
  });

  it('are written when asked for (LOG_REQUESTS=1)', async () => {
    const lines = await linesOf(true);
    expect(lines).toContain('incoming request');
    expect(lines).toContain('request completed');
  });

  it("carry the portal's X-Request-Id on every line, and the response says it", async () => {
    const { res, log } = await read(true, { 'x-request-id': 'portal-7f3a9c21' });
    expect(res.headers['x-request-id']).toBe('portal-7f3a9c21');
    expect(log.map((l) => [l.msg, l.reqId])).toEqual([
      ['incoming request', 'portal-7f3a9c21'],
      ['request completed', 'portal-7f3a9c21'],
    ]);
  });

  it('give a request without a usable X-Request-Id an id of its own (nothing forged into the log)', async () => {
    for (const sent of [undefined, 'x', 'two words here', 'a'.repeat(65), 'id"},"level":60']) {
      const { res, log } = await read(true, sent === undefined ? {} : { 'x-request-id': sent });
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Set(log.map((l) => l.reqId))).toEqual(new Set([id]));
    }
  });

  it('LOG_REQUESTS reads 1 or true as on, anything else as off', () => {
    expect(readEnv({}).logRequests).toBe(false);
    expect(readEnv({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
  });
});
