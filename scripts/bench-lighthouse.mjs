// Lighthouse 12 (mobile, its default simulated throttling: a mid-range phone on slow 4G) on the
// built portal as the bid service serves it, each page 3 times in a fresh browser; the median run
// of each (by performance score). Public pages: /login, a public notice's /bidDetail/{id} and
// /visitLogin. A supplier's screens, logged in as demo_a104: /platform/home,
// /platform/tenderManagement, /platform/bargaining and the enquiry of demo_a104 in round 3
// (/platform/bargaining/{id}).
//
// Logged in: in each fresh browser, the portal's own /login form logs in (the session is the
// cookies of SPEC.md section 3, set by the page's script, src/api/session.ts), then Lighthouse
// audits the screen in that browser. Two states of the device (LIGHTHOUSE_STORAGE):
//   cold (default)  Lighthouse's storage reset runs as usual except for the cookies: the service
//                   worker, Cache Storage, the HTTP cache, IndexedDB and localStorage are cleared
//                   before each load. A cold load of the screen by a logged-in supplier: code and
//                   reads over the network, no stored reads, no stored last render.
//   warm            the screen is opened once after the login and left until the worker controls
//                   the page and the screen's last render is kept; Lighthouse then audits with
//                   disableStorageReset (worker, caches, IndexedDB kept): a supplier opening a
//                   screen it opened before, the worker answering with that screen's last render.
// An audit that ends anywhere but the screen asked for (the guard's redirect to /login) fails.
//
//   node scripts/bench-lighthouse.mjs
//   LIGHTHOUSE_PAGES=home,enquiry     a subset, by key (login, bidDetail, visitLogin, home,
//                                     tenderManagement, bargaining, enquiry) or exact name
//   LIGHTHOUSE_RUNS=1                 runs per page (3)
//   LIGHTHOUSE_STORAGE=warm           the logged-in screens on a device that opened them before (cold)
//   LIGHTHOUSE_DETAILS=1              also print each run's LCP element, render-blocking
//                                     requests, long tasks and unused JavaScript
//   LIGHTHOUSE_SAVE=dir               write each run's report (JSON) into dir
//   BENCH_STATIC_DIR=path             serve another build than dist/ (dist-ssr beside it)
/* global indexedDB -- screenKept runs in the page */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { findChromium, freePort, startBidService } from './lib.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const DETAILS = Boolean(process.env.LIGHTHOUSE_DETAILS);
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE;
const WARM = process.env.LIGHTHOUSE_STORAGE === 'warm';
if (!['cold', 'warm', undefined].includes(process.env.LIGHTHOUSE_STORAGE))
  throw new Error(`LIGHTHOUSE_STORAGE=${process.env.LIGHTHOUSE_STORAGE}: cold or warm`);
const SUPPLIER = { username: 'demo_a104', password: 'Demo1234' };
const API = '/bid-web/bid-service';
// Everything but the cookies (the session): Lighthouse's default reset keeps IndexedDB and localStorage too.
const CLEAR_ALL_BUT_COOKIES = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage', 'websql'];

const service = await startBidService({
  prefix: 'bench-lighthouse-',
  env: process.env.BENCH_STATIC_DIR ? { STATIC_DIR: process.env.BENCH_STATIC_DIR } : {},
});

async function call(path, body, headers = {}) {
  const res = await fetch(`${service.url}${API}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (answer.code !== 'E000') throw new Error(`${path}: ${answer.code} ${answer.message ?? ''}`);
  return answer.data;
}

/** The first public bidding notice, as a visitor of /login would open it. */
async function firstNoticeId() {
  const data = await call('/business/listByPage', { bindOrPurchase: 0, pageNo: 1, pageSize: 10 });
  return data.records[0].id;
}

/** demo_a104's enquiry in round 3 (the seed has one, with its history and target prices). */
async function roundThreeEnquiryId() {
  const login = await call('/supplier/login', SUPPLIER);
  const headers = { 'X-Access-Token': login.oauthToken, 'X-Supplier-Id': login.supplierId };
  for (let pageNo = 1; ; pageNo++) {
    const data = await call('/enquiry/listByPage', { pageNo, pageSize: 50 }, headers);
    const found = data.records.find((r) => r.round === 3);
    if (found) return found.id;
    if (data.records.length === 0 || pageNo * 50 >= data.total) throw new Error(`${SUPPLIER.username} has no enquiry in round 3`);
  }
}

/** Whether the portal's IndexedDB holds the screen's last render (src/offline/screen-store.ts). */
const screenKept = (key) =>
  new Promise((resolve) => {
    const open = indexedDB.open('supplier-portal');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      try {
        const get = open.result.transaction('kv').objectStore('kv').get(key);
        get.onsuccess = () => resolve(Boolean(get.result));
        get.onerror = () => resolve(false);
      } catch {
        resolve(false);
      } finally {
        open.result.close();
      }
    };
  });

/**
 * Logs in through the portal's own /login form, in the browser's default context (the one
 * Lighthouse opens its tab in). Warm: then opens `path` once, until the worker controls the page
 * and the screen's last render is kept.
 */
async function logIn(context, path) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`${service.url}/login`);
  await page.getByRole('textbox', { name: /^账号/ }).fill(SUPPLIER.username);
  await page.getByLabel(/^密码/).fill(SUPPLIER.password);
  await page.getByRole('button', { name: '进入工作台' }).click();
  await page.waitForURL(/\/platform\/home/, { timeout: 60_000 });
  const names = (await context.cookies()).map((c) => c.name);
  if (!names.includes('token') || !names.includes('auth'))
    throw new Error(`no session after logging in as ${SUPPLIER.username} (cookies: ${names.join(', ')})`);
  if (WARM) {
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 60_000 });
    await page.goto(`${service.url}${path}`);
    await page.waitForFunction(screenKept, `screen:${path}`, { timeout: 30_000, polling: 250 });
    // Chromium writes what a page stored to disk a moment later (scripts/bench-cold-offline.mjs).
    await page.waitForTimeout(2000);
  }
  // Nothing of the origin left open while Lighthouse clears its storage (or loads the screen).
  await page.goto('about:blank');
}

const kb = (bytes) => Math.round(bytes / 102.4) / 10;

/** What a run says about where its time went (LIGHTHOUSE_DETAILS). */
function diagnostics(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lcp = items('largest-contentful-paint-element');
  const lcpNode = lcp[0]?.items?.[0]?.node;
  const phases = lcp[1]?.items?.map((p) => `${p.phase} ${Math.round(p.timing)}`).join(', ');
  const shifts = items('layout-shifts').map((s) => `${Math.round((s.score ?? 0) * 1000) / 1000} ${s.node?.selector ?? ''}`);
  return [
    `LCP element: ${lcpNode ? `${lcpNode.nodeLabel} (${lcpNode.selector})` : 'none'}${phases ? `; ${phases}` : ''}`,
    `render-blocking: ${
      items('render-blocking-resources')
        .map((r) => `${r.url.replace(service.url, '')} ${Math.round(r.wastedMs)} ms`)
        .join(', ') || 'none'
    }`,
    `long tasks: ${
      items('long-tasks')
        .slice(0, 8)
        .map((t) => `${Math.round(t.startTime)}+${Math.round(t.duration)} ${String(t.url).replace(service.url, '')}`)
        .join(', ') || 'none'
    }`,
    `main thread: ${items('mainthread-work-breakdown')
      .map((t) => `${t.groupLabel ?? t.group} ${Math.round(t.duration)}`)
      .join(', ')}`,
    `unused JS: ${
      items('unused-javascript')
        .map((r) => `${r.url.replace(service.url, '')} ${kb(r.wastedBytes)}/${kb(r.totalBytes)} KB`)
        .join(', ') || 'none'
    }`,
    `layout shifts: ${shifts.join(', ') || 'none'}`,
    `critical chain: ${Object.keys(lhr.audits['critical-request-chains']?.details?.chains ?? {}).length} roots; requests ${items('network-requests').length}`,
  ];
}

async function audit(page, run) {
  const port = await freePort();
  const profile = page.loggedIn ? mkdtempSync(join(tmpdir(), 'bench-lighthouse-profile-')) : null;
  const args = [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'];
  // Logged in: a persistent context is the browser's default one, where Lighthouse opens its tab, so the session cookies are there.
  // The size of Lighthouse's phone (its mobile emulation): a screen's last render is kept as it shows
  // at that size (the cards, not the table).
  const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
  const context = profile
    ? await chromium.launchPersistentContext(profile, { executablePath: findChromium(), args, serviceWorkers: 'allow', ...phone })
    : null;
  const browser = context ? null : await chromium.launch({ executablePath: findChromium(), args });
  try {
    if (context) await logIn(context, page.path);
    const url = `${service.url}${page.path}`;
    const flags = {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(page.loggedIn && WARM ? { disableStorageReset: true } : {}),
    };
    const config =
      page.loggedIn && !WARM ? { extends: 'lighthouse:default', settings: { clearStorageTypes: CLEAR_ALL_BUT_COOKIES } } : undefined;
    const { lhr } = await lighthouse(url, flags, config);
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      writeFileSync(join(SAVE_DIR, `${page.key}-${run + 1}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${page.path}: Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // The screen asked for, not the guard's redirect to /login (a session Lighthouse did not carry).
    const shown = new URL(lhr.finalDisplayedUrl);
    if (shown.pathname !== new URL(url).pathname)
      throw new Error(
        `${page.path}: Lighthouse audited ${shown.pathname}${shown.search}, not the screen asked for${shown.pathname === '/login' ? ' (not logged in)' : ''}`,
      );
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
    const requests = lhr.audits['network-requests']?.details?.items ?? [];
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    // What keeps a category under 100: the audits it weighs that did not pass.
    const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      lhr.categories[c].auditRefs.filter((ref) => ref.weight > 0 && (lhr.audits[ref.id].score ?? 1) < 1).map((ref) => `${c}: ${ref.id}`),
    );
    if (DETAILS) for (const line of diagnostics(lhr)) console.log(`  ${page.name} run ${run + 1}: ${line}`);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN) * 1000) / 1000,
      scriptRequests: scripts.length,
      scriptTransferKB: Math.round(scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 102.4) / 10,
      // This machine's speed as Lighthouse rates it (its 4x CPU slowdown assumes a desktop of 1,500 to 2,000).
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      failing,
    };
  } finally {
    await context?.close();
    await browser?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  }
}

try {
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const pick = (key, name) => !wanted || wanted.includes(key) || wanted.includes(name);
  // The ids are looked up only for the pages that run.
  const pages = [
    { key: 'login', name: '/login', path: () => '/login' },
    { key: 'bidDetail', name: '/bidDetail/{id}', path: async () => `/bidDetail/${await firstNoticeId()}` },
    { key: 'visitLogin', name: '/visitLogin', path: () => '/visitLogin' },
    { key: 'home', name: '/platform/home', path: () => '/platform/home', loggedIn: true },
    { key: 'tenderManagement', name: '/platform/tenderManagement', path: () => '/platform/tenderManagement', loggedIn: true },
    { key: 'bargaining', name: '/platform/bargaining', path: () => '/platform/bargaining', loggedIn: true },
    {
      key: 'enquiry',
      name: '/platform/bargaining/{id} (round 3)',
      path: async () => `/platform/bargaining/${await roundThreeEnquiryId()}`,
      loggedIn: true,
    },
  ].filter((p) => pick(p.key, p.name));
  if (pages.length === 0) throw new Error(`LIGHTHOUSE_PAGES=${process.env.LIGHTHOUSE_PAGES} names no page`);
  const result = {};
  for (const { path, ...page } of pages) {
    const resolved = { ...page, path: await path() };
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(resolved, i));
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    result[page.name] = { median, performanceRuns: runs.map((r) => r.performance) };
    console.log(
      `${page.name}: performance ${median.performance} (runs ${runs.map((r) => r.performance).join(', ')}), accessibility ${median.accessibility}, best practices ${median.bestPractices}, SEO ${median.seo}; ` +
        `FCP ${median.fcpMs} ms, LCP ${median.lcpMs} ms, TBT ${median.tbtMs} ms, CLS ${median.cls}; ${median.scriptRequests} scripts, ${median.scriptTransferKB} KB; benchmark index ${median.benchmarkIndex}` +
        (median.failing.length ? `; not passed: ${median.failing.join(', ')}` : ''),
    );
  }
  if (pages.some((p) => p.loggedIn)) {
    console.log(
      `(logged in as demo_a104, ${WARM ? 'warm: a screen opened before, its last render kept' : 'cold: the session cookies only'}; targets: performance >= 90, LCP <= 2.5 s, CLS <= 0.1, accessibility and best practices 100)`,
    );
  }
  console.log(JSON.stringify(result));
} finally {
  service.stop();
}
