import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { build } from '../test/helper';

interface LogLine {
  msg: string;
  reqId?: string;
}

/** The log lines an app writes while answering one public list read, and the response. */
async function read(logRequests: boolean | undefined, headers: Record<string, string> = {}) {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const t = await build({ logLevel: 'info', logStream: stream, logRequests });
  lines.length = 0;
  const res = await t.app.inject({
    method: 'POST',
    url: '/bid-web/bid-service/business/listByPage',
    payload: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 },
    headers,
  });
  expect(res.json()).toMatchObject({ code: 'E000' });
  // pino writes asynchronously.
  await new Promise((r) => setImmediate(r));
  return { res, log: lines.map((l) => JSON.parse(l) as LogLine) };
}

const linesOf = async (logRequests: boolean | undefined) => (await read(logRequests)).log.map((l) => l.msg);

describe('request logs', () => {
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
    // Five services started one after the other: on a busy machine that is more than the default 30 s.
  }, 150_000);

  it('LOG_REQUESTS reads 1 or true as on, anything else as off', () => {
    expect(readEnv({}).logRequests).toBe(false);
    expect(readEnv({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
  });
});
