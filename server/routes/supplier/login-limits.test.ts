import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BASE_PATH } from '../../../contract/http';
import { DEVICE_COOKIE_DAYS } from '../../security/device-cookie';
import { build, newSupplier } from '../../test/helper';

// Real connections from distinct loopback addresses (Linux answers the whole of 127.0.0.0/8):
// the attacker's failures come from other addresses than the owner's device.
const t = await build({ sleep: async () => undefined, trustProxy: ['127.0.0.9'] });
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as AddressInfo).port;

interface Answer {
  code: string;
  setCookie: string[];
}

function call(path: string, body: unknown, from: string, headers: Record<string, string> = {}): Promise<Answer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        method: 'POST',
        path: `${BASE_PATH}${path}`,
        headers: { 'content-type': 'application/json', 'x-language': 'en', ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            code: (JSON.parse(Buffer.concat(chunks).toString()) as { code: string }).code,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The cookie pair (`name=value`) of a login's device cookie. */
const deviceCookie = (answer: Answer) => {
  const header = answer.setCookie.find((c) => c.startsWith('device_'));
  if (!header) throw new Error(`no device cookie in ${JSON.stringify(answer.setCookie)}`);
  return header.split(';')[0]!;
};

const OWNER = '127.0.0.2';
const attackers = (n: number) => Array.from({ length: n }, (_, i) => `127.0.1.${i + 1}`);
const guess = (username: string, from: string, cookie?: string) =>
  call('/supplier/login', { username, password: 'Wrong123' }, from, cookie ? { cookie } : {});

describe('login limits with device cookies', () => {
  it('marks the device at a login: HttpOnly, SameSite=Strict, sent to the supplier calls only, for 180 days', async () => {
    const account = await newSupplier(t, 'A104');
    const answer = await call('/supplier/login', { username: account.username, password: account.password }, OWNER);
    expect(answer.code).toBe('E000');
    const header = answer.setCookie.find((c) => c.startsWith('device_'))!;
    expect(header).toMatch(/^device_[\w-]{16}=[\w-]{22}\.[\w-]{43};/);
    expect(header).toContain(`Max-Age=${DEVICE_COOKIE_DAYS * 24 * 3600}`);
    expect(header).toContain(`Path=${BASE_PATH}/supplier/`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).not.toContain('Secure');
    // Behind the trusted proxy, over HTTPS: Secure.
    const https = await call('/supplier/login', { username: account.username, password: account.password }, '127.0.0.9', {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.7',
    });
    expect(https.setCookie.find((c) => c.startsWith('device_'))).toContain('Secure');
  });

  it("lets the owner in on its own device while others' guesses lock the account for unknown devices", async () => {
    const account = await newSupplier(t, 'A104');
    const device = deviceCookie(await call('/supplier/login', { username: account.username, password: account.password }, OWNER));
    for (const from of attackers(5)) expect((await guess(account.username, from)).code).toBe('E400');
    // Unknown devices are refused, the right password too.
    expect((await call('/supplier/login', { username: account.username, password: account.password }, '127.0.2.1')).code).toBe('E429');
    // The owner's device is not.
    const owner = await call('/supplier/login', { username: account.username, password: account.password }, OWNER, { cookie: device });
    expect(owner.code).toBe('E000');
    // And a password change from it (a session of its own, the same device).
    const token = (
      await t.post<{ oauthToken: string }>(
        '/supplier/login',
        { username: account.username, password: account.password },
        { ip: OWNER, headers: { cookie: device } },
      )
    ).data.oauthToken;
    const change = { username: account.username, password: account.password, newPassword: 'Newpass1', conPassword: 'Newpass1' };
    expect((await call('/supplier/changePwd', change, OWNER, { 'x-access-token': token })).code).toBe('E429');
    expect((await call('/supplier/changePwd', change, OWNER, { cookie: device, 'x-access-token': token })).code).toBe('E000');
  });

  it("counts a device's own failures apart: five lock that device, not the owner's other devices", async () => {
    const account = await newSupplier(t, 'A104');
    const phone = deviceCookie(await call('/supplier/login', { username: account.username, password: account.password }, OWNER));
    const laptop = deviceCookie(await call('/supplier/login', { username: account.username, password: account.password }, '127.0.0.3'));
    for (let i = 0; i < 5; i++) expect((await guess(account.username, OWNER, phone)).code).toBe('E400');
    // Past its limit the phone counts as an unknown device: five more guesses there, then E429.
    for (let i = 0; i < 5; i++) expect((await guess(account.username, OWNER, phone)).code).toBe('E400');
    expect((await call('/supplier/login', { username: account.username, password: account.password }, OWNER, { cookie: phone })).code).toBe(
      'E429',
    );
    expect(
      (await call('/supplier/login', { username: account.username, password: account.password }, '127.0.0.3', { cookie: laptop })).code,
    ).toBe('E000');
  });

  it("takes a forged, altered or another account's device cookie for an unknown device", async () => {
    const victim = await newSupplier(t, 'A104');
    const other = await newSupplier(t, 'A104');
    const mine = deviceCookie(await call('/supplier/login', { username: other.username, password: other.password }, OWNER));
    const victims = deviceCookie(await call('/supplier/login', { username: victim.username, password: victim.password }, OWNER));
    const [name, value] = victims.split('=') as [string, string];
    const [nonce, signature] = value.split('.') as [string, string];
    const forged = [
      `${name}=${nonce}.${signature.slice(0, -2)}AA`,
      `${name}=AAAAAAAAAAAAAAAAAAAAAA.${signature}`,
      `${name}=${value}.x`,
      `${name}=${mine.split('=')[1]}`,
    ];
    for (const [i, from] of attackers(5).entries())
      expect((await guess(victim.username, from, forged[i % forged.length])).code).toBe('E400');
    for (const cookie of forged)
      expect((await call('/supplier/login', { username: victim.username, password: victim.password }, '127.0.2.2', { cookie })).code).toBe(
        'E429',
      );
    expect((await call('/supplier/login', { username: victim.username, password: victim.password }, OWNER, { cookie: victims })).code).toBe(
      'E000',
    );
  });

  it('keeps guessing one account from many addresses at five a window', async () => {
    const account = await newSupplier(t, 'A104');
    const codes = await Promise.all(attackers(30).map((from) => guess(account.username, from).then((a) => a.code)));
    expect(codes.filter((c) => c === 'E400')).toHaveLength(5);
    expect(codes.filter((c) => c === 'E429')).toHaveLength(25);
  });
});
