import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { build } from '../test/helper';
import { MAX_WAITING, RENDER_TIMEOUT_MS, SERVER_RENDERED, SESSION_RENDERED } from './server-render';

// A built portal with its server bundle beside it (`<dist>-ssr`, as vite.config.ts writes it);
// the bundle is a stand-in (fixtures/server-entry.mjs) that renders a notice's title.
const dist = mkdtempSync(join(tmpdir(), 'dist-'));
const shell = '<!doctype html><title>portal</title><!--root--><div id="root"></div><!--/root--><script>pickLanguage()</script>';
writeFileSync(join(dist, 'index.html'), shell);
/** The shell as the service serves it: with the buyer's time zone (http/html-page.ts). */
const meta = '<meta name="time-zone" content="Asia/Shanghai" />';
const served = `<!doctype html>${meta}${shell.slice('<!doctype html>'.length)}`;
mkdirSync(`${dist}-ssr`);
copyFileSync(new URL('./fixtures/server-entry.mjs', import.meta.url), join(`${dist}-ssr`, 'server-entry.mjs'));
const t = await build({ staticDir: dist });

const notices = (
  await t.post<{ records: { id: string; title: string }[] }>('/business/listByPage', { bindOrPurchase: 0, pageNo: 1, pageSize: 20 })
).data.records;
expect(notices.length).toBe(20);
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** server_renders_total by outcome, so far. */
const outcomes = async () =>
  Object.fromEntries((await t.app.services.metrics.serverRenders.get()).values.map((v) => [String(v.labels.outcome), v.value])) as Record<
    string,
    number
  >;
/** What `fn` added to server_renders_total, by outcome. */
async function counted(fn: () => Promise<unknown>): Promise<Record<string, number>> {
  const before = await outcomes();
  await fn();
  const after = await outcomes();
  return Object.fromEntries(Object.entries(after).flatMap(([k, v]) => (v - (before[k] ?? 0) ? [[k, v - (before[k] ?? 0)]] : [])));
}

describe('the screens rendered here', () => {
  it("are screens of the portal's router, a record's id where it takes one", () => {
    // The router's paths, as TanStack Router generated them (src/routeTree.gen.ts), without a trailing slash.
    const generated = readFileSync(new URL('../../src/routeTree.gen.ts', import.meta.url), 'utf8');
    const portal = new Set([...generated.matchAll(/fullPath: '([^']+)'/g)].map(([, path]) => path!.replace(/(.)\/$/, '$1')));
    const rendered = [...Object.keys(SERVER_RENDERED), ...SESSION_RENDERED].map((route) => route.replace(/:id(\([^)]*\))?/, '$id'));
    expect(rendered.filter((path) => !portal.has(path))).toEqual([]);
    expect(rendered.length).toBe(11);
  });
});

describe('the server render of a public notice', () => {
  it("serves the notice rendered from the service's own answer, compressed when asked, never cached by the browser", async () => {
    const [notice] = notices;
    const plain = await get(`/bidDetail/${notice!.id}`);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(plain.body).toContain(`<div id="root" data-prerendered data-path="/bidDetail/${notice!.id}"><h1>${notice!.title}</h1>`);
    // The shell's inline script is still the one the CSP allows.
    expect(plain.body).toContain('<script>pickLanguage()</script>');
    expect(String(plain.headers['content-security-policy'])).toContain("'sha256-");

    let brotli: Awaited<ReturnType<typeof get>> | undefined;
    // The second visit is served the render the first one made.
    expect(await counted(async () => (brotli = await get(`/bidDetail/${notice!.id}`, { 'accept-encoding': 'gzip, br' })))).toEqual({
      kept: 1,
    });
    expect(brotli?.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli!.rawPayload).toString()).toBe(plain.body);
  });

  it('serves the shell, rendered or not, with the buyer’s time zone (TIME_ZONE) the portal shows times in', async () => {
    const notice = await get(`/bidDetail/${notices[0]!.id}`);
    expect(notice.body.startsWith(`<!doctype html>${meta}<title>portal</title>`)).toBe(true);
    // What the service worker precaches, and what any other portal address is answered.
    for (const url of ['/index.html', '/platform/home']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(served);
    }
  });

  it('serves /login, and the root, with the page of notices its address asks for', async () => {
    const second = (await t.post<{ records: { title: string }[] }>('/business/listByPage', { bindOrPurchase: 0, pageNo: 2, pageSize: 10 }))
      .data.records;
    const titles = (records: { title: string }[]) => `<ol>${records.map((r) => `<li>${r.title}</li>`).join('')}</ol>`;
    expect((await get('/login')).body).toContain(`<div id="root" data-prerendered data-path="/login">${titles(notices.slice(0, 10))}`);
    expect((await get('/login?page=2')).body).toContain(`data-path="/login">${titles(second)}`);
    // The root is /login (the portal redirects there; its language pick reads it as /login).
    expect((await get('/?page=2')).body).toContain(`data-path="/login">${titles(second)}`);
  });

  it('renders once for visits that arrive together', async () => {
    const url = `/bidDetail/${notices[19]!.id}`;
    const bodies = (await Promise.all([get(url), get(url), get(url)])).map((res) => res.body);
    expect(bodies[0]).toContain(notices[19]!.title);
    expect(new Set(bodies).size).toBe(1);
  });

  it('keeps a render for a while: the same document again, rendered once', async () => {
    const url = `/bidDetail/${notices[1]!.id}`;
    const first = (await get(url)).body;
    expect(first).toContain(notices[1]!.title);
    expect((await get(url)).body).toBe(first);
  });

  it('serves a logged-in supplier the plain shell (their screen is the portal’s to render); a timed-out session still gets the render', async () => {
    const url = `/bidDetail/${notices[2]!.id}`;
    expect(
      await counted(async () => expect((await get(url, { cookie: 'auth=1; token=abc; username=demo_a101' })).body).toBe(served)),
    ).toEqual({ session: 1 });
    expect((await get(url, { cookie: 'auth=1; username=demo_a101' })).body).toContain(`<h1>${notices[2]!.title}</h1>`);
  });

  it('serves the plain shell when the render fails, and renders again after', async () => {
    expect(await counted(async () => expect((await get('/bidDetail/broken')).body).toBe(served))).toEqual({ failed: 1 });
    expect(
      await counted(async () => expect((await get(`/bidDetail/${notices[3]!.id}`)).body).toContain(`<h1>${notices[3]!.title}</h1>`)),
    ).toEqual({
      rendered: 1,
    });
  });

  it(`gives up on a render after ${RENDER_TIMEOUT_MS} ms, serves the plain shell at once while ${MAX_WAITING} wait, and starts a new thread`, async () => {
    // Each render waiting on the thread has its timeout set: counted, they say when all are waiting
    // (a fixed 100 ms was not always enough on a loaded machine).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const renderTimeouts = () => timers.mock.calls.filter(([, ms]) => ms === RENDER_TIMEOUT_MS).length;
    const started = Date.now();
    const stuck = get('/bidDetail/stuck');
    // Queued behind the stuck one, on the same thread.
    const queued = notices.slice(4, 4 + MAX_WAITING - 1).map((n) => get(`/bidDetail/${n.id}`));
    try {
      // Within a render's timeout: the stuck one must still be waiting.
      await vi.waitFor(() => expect(renderTimeouts()).toBe(MAX_WAITING), { timeout: RENDER_TIMEOUT_MS - 500, interval: 5 });
    } finally {
      timers.mockRestore();
    }
    let overflow: Awaited<ReturnType<typeof get>> | undefined;
    const asked = Date.now();
    expect(await counted(async () => (overflow = await get(`/bidDetail/${notices[4 + MAX_WAITING]!.id}`)))).toEqual({ busy: 1 });
    expect(overflow?.body).toBe(served);
    // At once: not after the stuck render's timeout.
    expect(Date.now() - asked).toBeLessThan(RENDER_TIMEOUT_MS / 2);

    expect((await stuck).body).toBe(served);
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_TIMEOUT_MS);
    for (const res of await Promise.all(queued)) expect(res.body).toBe(served);

    // A new thread renders again, once it has started (on a busy machine that may outlast one render's timeout).
    const after = notices[4 + MAX_WAITING + 1]!;
    await expect
      .poll(async () => (await get(`/bidDetail/${after.id}`)).body, { timeout: 60_000, interval: 500 })
      .toContain(`<h1>${after.title}</h1>`);
  }, 90_000);
});

describe("the server render of a supplier's screen", () => {
  /** The cookies the portal writes at login (src/api/session.ts), as a browser sends them. */
  const cookiesOf = ({ token, supplierId, username }: { token: string; supplierId: string; username: string }) =>
    `auth=1; token=${token}; supplierId=${supplierId}; username=${username}`;
  const nameOf = async (token: string) => (await t.post<{ supplierName: string }>('/supplier/getByToken', {}, { token })).data.supplierName;

  it('renders each request with its own session, never kept, answered private', async () => {
    const a104 = await t.login('demo_a104');
    const a101 = await t.login('demo_a101');
    for (const [login, url] of [
      [a104, '/platform/home'],
      [a101, '/platform/home'],
      [a104, '/platform/tenderManagement'],
      [a104, `/platform/bargaining/${randomUUID()}`],
    ] as const) {
      let res: Awaited<ReturnType<typeof get>> | undefined;
      // Rendered for every request: a kept render would be another supplier's or an older one.
      expect(await counted(async () => (res = await get(url, { cookie: cookiesOf(login) })))).toEqual({ rendered: 1 });
      expect(res?.body).toContain(`data-path="${url}"><h1>${await nameOf(login.token)}</h1>`);
      expect(res?.headers['cache-control']).toBe('private, no-cache');
      expect(res?.headers.vary).toBe('Accept-Encoding, Cookie');
    }
    expect(await nameOf(a104.token)).not.toBe(await nameOf(a101.token));
  });

  it('serves the plain shell without a session, to a session the service refuses, and to the forms of new records (their drafts are on the device)', async () => {
    expect(await counted(async () => expect((await get('/platform/home', { cookie: 'auth=1' })).body).toBe(served))).toEqual({
      noSession: 1,
    });
    const revoked = cookiesOf({ token: 'not-a-token', supplierId: randomUUID(), username: 'demo_a104' });
    expect(await counted(async () => expect((await get('/platform/home', { cookie: revoked })).body).toBe(served))).toEqual({
      redirected: 1,
    });
    const { token, supplierId, username } = await t.login('demo_a104');
    for (const url of [
      '/platform/communicateRecord/new',
      '/platform/visitorApplyNew/new',
      '/platform/supplierInfoManagement',
      '/platform/tenderManagement/x/bid',
    ]) {
      expect(
        await counted(async () => expect((await get(url, { cookie: cookiesOf({ token, supplierId, username }) })).body).toBe(served)),
      ).toEqual({});
    }
  });
});
