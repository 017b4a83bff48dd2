// First-load JavaScript of /login (gzip), measured by loading the built portal in Chromium and
// summing the gzip size of every script it fetched; and the size of every other route chunk.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium, root, startBidService } from './lib.mjs';

const gz = (file) => gzipSync(readFileSync(join(root, 'dist', file))).length;
const kb = (n) => Math.round((n / 1024) * 10) / 10;

const service = await startBidService({ prefix: 'bench-bundle-' });
const port = service.port;

try {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set();
  // What each script cost on the wire as the bid service served it (brotli, by negotiation), and
  // whether it was asked for before the load event.
  const served = new Map();
  let loaded = false;
  const askedBeforeLoad = new Set();
  page.on('load', () => (loaded = true));
  page.on('request', (req) => {
    if (!loaded) askedBeforeLoad.add(req);
  });
  page.on('requestfinished', async (req) => {
    const url = new URL(req.url());
    if (!url.pathname.endsWith('.js') || url.pathname.endsWith('/sw.js') || url.pathname.includes('workbox-')) return;
    const beforeLoad = askedBeforeLoad.has(req);
    const res = await req.response();
    served.set(url.pathname.slice(1), {
      bytes: (await req.sizes()).responseBodySize,
      encoding: res?.headers()['content-encoding'] ?? 'none',
      beforeLoad,
    });
  });
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js') && !url.pathname.endsWith('/sw.js') && !url.pathname.includes('workbox-'))
      scripts.add(url.pathname.slice(1));
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  const loginSet = new Set(scripts);
  const loginServed = [...loginSet].map((f) => served.get(f)).filter(Boolean);

  // What each logged-in screen adds when a supplier goes to it from the screen before (the
  // scripts fetched for it that were not already loaded): the route chunks, their catalogs and
  // the api modules their first reads import.
  const screens = [];
  const visit = async (name, go) => {
    const before = new Set(scripts);
    await go();
    // A navigation inside the app fires no load event: wait until no script arrived for a second.
    let count = -1;
    while (count !== scripts.size) {
      count = scripts.size;
      await page.waitForTimeout(1000);
    }
    const added = [...scripts].filter((f) => !before.has(f)).sort();
    screens.push({
      screen: name,
      gzipKB: kb(added.reduce((sum, f) => sum + gz(f), 0)),
      files: added.map((f) => ({ file: f, gzipKB: kb(gz(f)) })),
    });
  };
  await visit('/platform/home (after logging in on /login)', async () => {
    await page.getByRole('textbox', { name: '账号', exact: true }).fill('demo_a104');
    await page.getByRole('textbox', { name: '密码', exact: true }).fill('Demo1234');
    await page.getByRole('button', { name: '进入工作台' }).click();
    await page.waitForURL(/\/platform\/home/);
    await page.getByRole('heading', { name: '消息中心' }).waitFor();
  });
  await visit('/platform/visitorApplyNew (from the menu)', async () => {
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '参观申请' }).click();
    await page.waitForURL(/\/platform\/visitorApplyNew$/);
    await page.locator('main a[href="/platform/visitorApplyNew/new"]').first().waitFor();
  });
  await visit('/platform/visitorApplyNew/new (from the list)', async () => {
    await page.locator('main a[href="/platform/visitorApplyNew/new"]').first().click();
    await page.waitForURL(/\/new$/);
    await page.locator('#visit-intention').waitFor();
  });

  // A first visit as it really is: /login and the service worker's precache of the whole portal,
  // every request on the wire, headers included (the worker controls the page once its install,
  // the precache, is done).
  const firstVisit = { requests: 0, kb: 0, headersKB: 0 };
  {
    const installing = await browser.newContext({ serviceWorkers: 'allow' });
    const sizes = [];
    installing.on('requestfinished', (req) => sizes.push(req.sizes()));
    const first = await installing.newPage();
    await first.goto(`http://127.0.0.1:${port}/login`);
    await first.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 });
    await first.waitForLoadState('networkidle');
    const all = await Promise.all(sizes);
    firstVisit.requests = all.length;
    firstVisit.kb = kb(all.reduce((sum, z) => sum + z.responseHeadersSize + z.responseBodySize, 0));
    firstVisit.headersKB = kb(all.reduce((sum, z) => sum + z.responseHeadersSize, 0));
    await installing.close();
  }
  await browser.close();

  const loginFiles = [...loginSet].sort();
  const firstLoad = loginFiles.reduce((sum, f) => sum + gz(f), 0);
  const others = readdirSync(join(root, 'dist/assets'))
    .filter((f) => f.endsWith('.js') && !loginSet.has(`assets/${f}`))
    .map((f) => ({ file: `assets/${f}`, gzipKB: kb(gz(`assets/${f}`)) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const result = {
    firstLoadLoginGzipKB: kb(firstLoad),
    firstLoadLoginServedKB: kb(loginServed.reduce((sum, x) => sum + x.bytes, 0)),
    firstLoadLoginEncodings: [...new Set(loginServed.map((x) => x.encoding))],
    loginScriptsBeforeLoad: loginServed.filter((x) => x.beforeLoad).length,
    loginScriptsServedKBBeforeLoad: kb(loginServed.filter((x) => x.beforeLoad).reduce((sum, x) => sum + x.bytes, 0)),
    targetKB: 150,
    loginScripts: loginFiles.map((f) => ({ file: f, gzipKB: kb(gz(f)) })),
    largestLaterChunkGzipKB: others[0]?.gzipKB ?? 0,
    laterChunkTargetKB: 50,
    laterChunks: others,
    screens,
    screenTargetKB: 50,
    firstVisit,
  };
  console.log(JSON.stringify(result));
} finally {
  service.stop();
}
