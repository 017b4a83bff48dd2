import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../contract/http';
import { build } from '../test/helper';

/** Short limits so that the test runs fast; the defaults are in DEFAULT_TIMEOUTS (app.ts). */
const t = await build({ timeouts: { requestMs: 400, headersMs: 300, keepAliveMs: 300, idleMs: 2000 }, maxConnections: 3 });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

interface Outcome {
  /** Milliseconds from the first byte sent until the server closed the connection. */
  closedAfterMs: number;
  answer: string;
  bytesSent: number;
}

/** Opens a raw connection, sends `head`, then `drip` one byte every `everyMs` until the server closes it. */
function dribble(head: string, drip: string, everyMs: number, giveUpMs = 5000): Promise<Outcome> {
  return new Promise((done, fail) => {
    const socket: Socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      fail(new Error(`still open after ${giveUpMs} ms, ${sent} bytes dripped`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < drip.length && socket.writable) socket.write(drip[sent++]!);
      }, everyMs);
    });
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      done({ closedAfterMs: Date.now() - started, answer, bytesSent: sent });
    });
  });
}

const loginHead = (length: number) =>
  `POST ${BASE_PATH}/supplier/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe('slow clients', () => {
  it('cuts off a body dribbled one byte at a time within the request timeout', async () => {
    const body = JSON.stringify({ username: 'demo_a104', password: 'Demo1234' });
    // One byte every 100 ms never leaves the connection idle, so only the request timeout ends it.
    const outcome = await dribble(loginHead(body.length), body, 100);
    expect(outcome.bytesSent).toBeLessThan(body.length);
    expect(outcome.closedAfterMs).toBeLessThan(1500);
    if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('cuts off headers dribbled one byte at a time within the headers timeout', async () => {
    const outcome = await dribble(`POST ${BASE_PATH}/supplier/login HTTP/1.1\r\n`, 'X-Slow: ' + 'a'.repeat(200), 50);
    expect(outcome.closedAfterMs).toBeLessThan(1500);
    if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('still answers a request that arrives in time', async () => {
    const res = await fetch(`http://127.0.0.1:${port}${BASE_PATH}/supplier/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo_a104', password: 'Demo1234' }),
    });
    expect(((await res.json()) as { code: string }).code).toBe('E000');
  });

  it('closes connections beyond the cap at once', async () => {
    const open = await Promise.all(
      Array.from(
        { length: 3 },
        () =>
          new Promise<Socket>((done) => {
            const s = connect(port, '127.0.0.1', () => done(s));
          }),
      ),
    );
    const started = Date.now();
    const extra = await new Promise<{ ms: number; answer: string }>((done) => {
      let answer = '';
      const s = connect(port, '127.0.0.1', () => s.write(`GET ${BASE_PATH}/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n`));
      s.on('data', (c) => (answer += c.toString()));
      s.on('error', () => undefined);
      s.on('close', () => done({ ms: Date.now() - started, answer }));
    });
    try {
      expect(extra.answer).toBe('');
      expect(extra.ms).toBeLessThan(250);
    } finally {
      // Give the connections back and wait until the server has counted them out,
      // so a test after this one is not refused by the cap.
      for (const s of open) s.destroy();
      for (let i = 0; i < 100; i++) {
        const n = await new Promise<number>((done, fail) => t.app.server.getConnections((err, count) => (err ? fail(err) : done(count))));
        if (n === 0) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  });
});
