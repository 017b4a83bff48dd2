import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../contract/http';
import { build } from '../test/helper';

// Real connections from distinct loopback addresses (Linux answers the whole of 127.0.0.0/8),
// against the default cap of 1,000 in all. The default headers timeout (10 s) on one service,
// so that what closes before it was closed for being past the share; a short one on the other.
const PER_ADDRESS = 20;
const t = await build({ maxConnectionsPerAddress: PER_ADDRESS, trustProxy: ['127.0.0.9'] });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const quick = await build({ timeouts: { headersMs: 300 }, maxConnectionsPerAddress: PER_ADDRESS });
await quick.app.listen({ port: 0, host: '127.0.0.1' });
const portOf = (app: typeof t) => (app.app.server.address() as AddressInfo).port;
const port = portOf(t);

const held: Socket[] = [];
afterEach(() => {
  for (const s of held.splice(0)) s.destroy();
});

/**
 * A connection from `from` that sends nothing; resolves once connected, with when it closed and
 * the status line it was answered, if any. It reads what comes: a socket that leaves an answer
 * unread never sees the end of the connection.
 */
function silent(from: string, to = port): Promise<{ socket: Socket; closed: Promise<{ ms: number; answer: string }> }> {
  return new Promise((done, fail) => {
    const started = Date.now();
    const socket = connect({ port: to, host: '127.0.0.1', localAddress: from });
    held.push(socket);
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    const closed = new Promise<{ ms: number; answer: string }>((c) =>
      socket.on('close', () => c({ ms: Date.now() - started, answer: answer.split('\r\n')[0]! })),
    );
    socket.on('error', () => undefined);
    socket.once('connect', () => done({ socket, closed }));
    socket.once('error', fail);
  });
}

/** A keep-alive request on a socket of its own from `from`: its status line, or '' when the connection was closed unanswered. */
function ask(from: string, to = port): Promise<string> {
  return new Promise((done) => {
    let answer = '';
    const socket = connect({ port: to, host: '127.0.0.1', localAddress: from }, () =>
      socket.write(`GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    held.push(socket);
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      if (answer.includes('\r\n\r\n')) done(answer.split('\r\n')[0]!);
    });
    socket.on('error', () => undefined);
    socket.on('close', () => done(answer.split('\r\n')[0] ?? ''));
  });
}

const login = () =>
  new Promise<string>((done, fail) => {
    const body = JSON.stringify({ username: 'demo_a104', password: 'Demo1234' });
    const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.3' }, () =>
      socket.write(
        `POST ${BASE_PATH}/supplier/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      ),
    );
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('error', fail);
    socket.on('close', () => done(/"code":"(E\d+)"/.exec(answer)?.[1] ?? answer));
  });

describe('what one client may hold of the connections', () => {
  it('a client holding 1,000 silent sockets keeps at most its share; another logs in meanwhile', async () => {
    const sockets = await Promise.all(Array.from({ length: 1000 }, () => silent('127.0.0.2')));
    // Every one past the address's share is closed (long before the 10 s headers timeout).
    let closed = 0;
    await new Promise<void>((done) => {
      for (const { closed: close } of sockets) void close.then(() => ++closed === 1000 - PER_ADDRESS && done());
    });
    expect(await login()).toBe('E000');
    // The share is still held while the other client logged in.
    expect(sockets.filter(({ socket }) => !socket.destroyed)).toHaveLength(PER_ADDRESS);
  });

  it('answers 408 and closes a connection that sends nothing by the headers timeout, and answers one that asks in time', async () => {
    const quiet = await Promise.all(Array.from({ length: 5 }, () => silent('127.0.0.4', portOf(quick))));
    for (const { ms, answer } of await Promise.all(quiet.map(({ closed }) => closed))) {
      expect(ms).toBeGreaterThanOrEqual(250);
      expect(answer).toBe('HTTP/1.1 408 Request Timeout');
    }
    expect(await ask('127.0.0.4', portOf(quick))).toBe('HTTP/1.1 200 OK');
  });

  it('answers an address up to its share of connections held at once, the trusted proxy beyond it', async () => {
    const client = await Promise.all(Array.from({ length: PER_ADDRESS + 10 }, () => ask('127.0.0.5')));
    expect(client.filter((a) => a === 'HTTP/1.1 200 OK').length).toBe(PER_ADDRESS);
    expect(client.filter((a) => a === '').length).toBe(10);
    const proxy = await Promise.all(Array.from({ length: PER_ADDRESS + 10 }, () => ask('127.0.0.9')));
    expect(proxy.every((a) => a === 'HTTP/1.1 200 OK')).toBe(true);
  });
});
