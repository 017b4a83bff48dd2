import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readEnv } from '../env';
import { build } from '../test/helper';

/** The log lines an app writes while answering one public list read. */
async function linesOf(logRequests: boolean | undefined): Promise<string[]> {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
  const t = await build({ logLevel: 'info', logStream: stream, logRequests });
  lines.length = 0;
  const res = await t.app.inject({ method: 'POST', url: '/bid-web/bid-service/business/listByPage', payload: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 } });
  expect(res.json()).toMatchObject({ code: 'E000' });
  // pino writes asynchronously.
  await new Promise((r) => setImmediate(r));
  return lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
}

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

  it('LOG_REQUESTS reads 1 or true as on, anything else as off', () => {
    expect(readEnv({}).logRequests).toBe(false);
    expect(readEnv({ LOG_REQUESTS: '1' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: 'true' }).logRequests).toBe(true);
    expect(readEnv({ LOG_REQUESTS: '0' }).logRequests).toBe(false);
  });
});
