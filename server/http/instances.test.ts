import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATH, HEADER } from '../../contract/http';
import { roundRobinProxy } from '../../scripts/round-robin-proxy.mjs';
import { ENGINE } from '../test/engine';
import { build, secondInstance, type TestApp } from '../test/helper';

interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
}

/**
 * Two real instances of the bid service on one PostgreSQL and one shared data folder, behind a
 * round-robin proxy (the `server:postgres` project): they behave as one.
 */
const t = (ENGINE === 'postgres' ? await build({ trustProxy: ['127.0.0.1'] }) : null) as TestApp;
const second = t ? await secondInstance(t, { trustProxy: ['127.0.0.1'] }) : null;

describe.runIf(ENGINE === 'postgres')('two instances behind a round-robin proxy', () => {
  let proxy: Server;
  const ports: number[] = [];
  const url = (port: number, path: string) => `http://127.0.0.1:${port}${BASE_PATH}${path}`;
  const through = () => (proxy.address() as AddressInfo).port;

  async function call<T>(port: number, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
    const res = await fetch(url(port, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [HEADER.language]: 'en', ...headers },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Envelope<T>;
  }

  beforeAll(async () => {
    for (const app of [t.app, second!]) {
      await app.listen({ port: 0, host: '127.0.0.1' });
      ports.push((app.server.address() as AddressInfo).port);
    }
    proxy = await roundRobinProxy(ports);
  });

  afterAll(async () => {
    proxy?.close();
  });

  it('a supplier logged in through one instance is served by the other', async () => {
    const login = await call<{ oauthToken: string; supplierId: string }>(ports[0]!, '/supplier/login', {
      username: 'demo_a104',
      password: 'Demo1234',
    });
    expect(login.code).toBe('E000');
    const auth = { [HEADER.token]: login.data.oauthToken, [HEADER.supplierId]: login.data.supplierId };
    // Four calls in a row through the proxy: two reach each instance.
    for (let i = 0; i < 4; i++) {
      const page = await call<{ total: number }>(through(), '/communication/listByPage', {}, auth);
      expect(page.code).toBe('E000');
      expect(page.data.total).toBe(3);
    }
  });

  it('one idempotent write sent to both instances at the same moment is applied once, and both answer the same', async () => {
    const login = await call<{ oauthToken: string; supplierId: string }>(ports[1]!, '/supplier/login', {
      username: 'demo_a104',
      password: 'Demo1234',
    });
    const headers = {
      [HEADER.token]: login.data.oauthToken,
      [HEADER.supplierId]: login.data.supplierId,
      'idempotency-key': 'both-instances-0001',
    };
    const before = await t.count('communications');
    const body = { priority: 'low', topic: '两个实例同时收到', content: '只应保存一次' };
    const [a, b] = await Promise.all(ports.map((port) => call<{ id: string }>(port, '/communication/save', body, headers)));
    expect(await t.count('communications')).toBe(before + 1);
    // The second either waited for the first and replays its answer, or was told it is in progress.
    const answers = [a!, b!].map((r) => r.code).sort();
    expect([
      ['E000', 'E000'],
      ['E000', 'E409'],
    ]).toContainEqual(answers);
    if (a!.code === 'E000' && b!.code === 'E000') expect(a!.data.id).toBe(b!.data.id);
  });

  it('the login limit of an account holds across instances: wrong passwords through both lock it for both', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(through(), '/supplier/login', { username: 'demo_a141', password: 'Wrong-pass1' })).code).toBe('E400');
    }
    for (const port of ports) {
      expect((await call(port, '/supplier/login', { username: 'demo_a141', password: 'Demo1234' })).code).toBe('E429');
    }
  });
});
