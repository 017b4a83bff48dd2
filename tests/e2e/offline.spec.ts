import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { LAUNCH_ARGS } from './support';

/**
 * Offline first (DESIGN.md section 4): after one online visit the portal opens with the bid
 * service gone: the shell, every route in every language, and the public list it stored,
 * marked with the time it was stored. A persistent profile, as a real browser has: Chromium
 * refuses to call an incognito window installable.
 */
const OFFLINE_MARK = /离线，数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;
const noticeLinks = (page: Page) => page.locator('main a[href^="/bidDetail/"]');

/** SPEC.md section 2, with what each must show when opened offline without a session. */
const ROUTES: { path: string; landsOn?: RegExp }[] = [
  { path: '/', landsOn: /\/login/ },
  { path: '/login' },
  { path: '/register' },
  { path: '/forgetPassword' },
  { path: '/visitLogin' },
  { path: '/visitor' },
  { path: '/error/403' },
  { path: '/error/404' },
  { path: '/error/500' },
  { path: '/no/such/page' },
  { path: '/platform', landsOn: /\/login\?redirect=/ },
  ...['home', 'tenderManagement', 'modifyPassword', 'supplierInfoManagement', 'communicateRecord', 'bargaining', 'visitorApplyNew'].map(
    (name) => ({
      path: `/platform/${name}`,
      landsOn: /\/login\?redirect=/,
    }),
  ),
];
const LOCALES = [
  { code: 'zh-CN', lang: 'zh-CN' },
  { code: 'en', lang: 'en' },
  { code: 'vie', lang: 'vi' },
] as const;

test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
let context: BrowserContext;
let page: Page;
let profile: string;
let detailPath = '';

test.beforeAll(async ({ playwright }) => {
  // E2E_STATIC_DIR lets an engineer run this against a build of their own; `npm test` serves dist.
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  profile = mkdtempSync(join(tmpdir(), 'portal-offline-profile-'));
  context = await playwright.chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: LAUNCH_ARGS,
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 800 },
  });
  page = context.pages()[0] ?? (await context.newPage());
});

test.afterAll(async () => {
  await context?.close();
  await service?.dispose();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The worker keeps public answers in its own database; true once this request's answer is there. */
const storedKeys = (p: Page) =>
  p.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('supplier-portal-public');
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('answers')) return resolve([]);
          const all = db.transaction('answers').objectStore('answers').getAllKeys();
          all.onsuccess = () => resolve(all.result.map(String));
          all.onerror = () => resolve([]);
        };
      }),
  );

test('online: the worker takes control, stores the public list and a detail, and Chromium calls the app installable', async () => {
  await page.goto(`${service.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await expect(noticeLinks(page).first()).toBeVisible();
  await expect
    .poll(async () => (await storedKeys(page)).some((k) => k.startsWith('/business/listByPage|')), { timeout: 15_000 })
    .toBe(true);

  detailPath = (await noticeLinks(page).first().getAttribute('href')) ?? '';
  await noticeLinks(page).first().click();
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await expect.poll(async () => (await storedKeys(page)).some((k) => k.startsWith('/business/getById|')), { timeout: 15_000 }).toBe(true);
  // Online answers carry no offline marker.
  await expect(page.getByText(OFFLINE_MARK)).toHaveCount(0);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  await cdp.detach();
});

test('offline: /login shows the shell and the stored list, marked with the time it was stored', async () => {
  await service.stop();
  // How many rows the app's screen has at the commit that replaces the build's prerender (which
  // shows the board's loading frame): the app waits for the stored page before that commit.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root || root.hasAttribute('data-prerendered')) return;
      observer.disconnect();
      (window as { rowsAtTakeover?: number }).rowsAtTakeover = root.querySelectorAll('a[href^="/bidDetail/"]').length;
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-prerendered'] });
  });
  await page.goto(`${service.url}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(noticeLinks(page).first()).toBeVisible();
  const marker = page.getByRole('status').filter({ hasText: OFFLINE_MARK });
  await expect(marker).toBeVisible();
  expect(await page.evaluate(() => (window as { rowsAtTakeover?: number }).rowsAtTakeover)).toBeGreaterThan(0);

  // A list never stored lets the failure through: the board says so, the shell stays.
  await page.getByRole('tab', { name: '采购信息' }).click();
  await expect(page.getByText('公告加载失败')).toBeVisible({ timeout: 20_000 });

  // The detail visited online is there too, with its marker.
  await page.goto(`${service.url}${detailPath}`);
  await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_MARK })).toBeVisible();
});

for (const locale of LOCALES) {
  test(`offline: every route opens in ${locale.code}`, async () => {
    await page.evaluate((code) => localStorage.setItem('language', code), locale.code);
    for (const route of ROUTES) {
      const response = await page.goto(`${service.url}${route.path}`);
      // The worker answered the navigation: no browser error page.
      expect(response?.fromServiceWorker(), route.path).toBe(true);
      if (route.landsOn) await expect(page, route.path).toHaveURL(route.landsOn);
      await expect(page.locator('html'), route.path).toHaveAttribute('lang', locale.lang);
      await expect(page.locator('header').first(), route.path).toBeVisible();
      await expect(page.locator('main h1').first(), route.path).toBeAttached();
    }
    // The chosen language really applied: the login screen's title is no longer the Chinese source.
    await page.goto(`${service.url}/login`);
    const title = await page.locator('main h1').first().innerText();
    if (locale.code === 'zh-CN') expect(title).toBe('供应商招标采购平台');
    else expect(title).not.toBe('供应商招标采购平台');
  });
}

test('a route chunk that does not load: one automatic reload, then an error page with reload and retry, never a blank screen', async ({
  browser,
}) => {
  await service.start();
  // No worker here, so the page's own requests can be cut.
  const plain = await browser.newContext({ serviceWorkers: 'block' });
  const tab = await plain.newPage();
  await tab.goto(`${service.url}/login`);
  await expect(noticeLinks(tab).first()).toBeVisible();

  // From now on the register screen's code cannot be fetched (as after a deploy removed it).
  let chunk: string | null = null;
  let cut = true;
  await plain.route('**/assets/register-*.js', (route) => {
    chunk ??= route.request().url();
    return cut && route.request().url() === chunk ? route.abort('failed') : route.continue();
  });
  let loads = 0;
  tab.on('load', () => loads++);

  await tab.getByRole('link', { name: '注册供应商' }).click();
  await expect(tab.getByRole('heading', { name: '页面出错了' })).toBeVisible({ timeout: 20_000 });
  expect(loads).toBe(1);
  await expect(tab.getByRole('button', { name: '重新加载' })).toBeVisible();

  // The link is back: "try again" loads the route afresh, without losing the page.
  cut = false;
  await tab.getByRole('button', { name: '重试' }).click();
  await expect(tab.getByRole('heading', { name: '供应商注册' })).toBeVisible();
  expect(loads).toBe(1);
  await plain.close();
});

test("a supplier's own lists stay readable offline after a reload, and go at logout", async () => {
  // The bid service runs again (previous test); the persistent profile keeps worker and storage.
  await page.goto(`${service.url}/login`);
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.reload();
  await page.getByRole('textbox', { name: '账号', exact: true }).fill('demo_a104');
  await page.getByRole('textbox', { name: '密码', exact: true }).fill('Demo1234');
  await page.getByRole('button', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(/\/platform\/home/);
  await page.goto(`${service.url}/platform/communicateRecord`);
  const threads = page.locator('main a[href^="/platform/communicateRecord/"]').filter({ hasText: /GT\d+/ });
  await expect(threads.first()).toBeVisible();
  const count = await threads.count();
  const persisted = () =>
    page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('supplier-portal');
          open.onsuccess = () => {
            const keys = open.result.transaction('kv').objectStore('kv').getAllKeys();
            keys.onsuccess = () => resolve(keys.result.filter((k) => String(k).startsWith('rq:')).length);
          };
          open.onerror = () => resolve(-1);
        }),
    );
  // The list, and every other answer the screens read, each in a record of its own.
  await expect.poll(persisted, { timeout: 10_000 }).toBeGreaterThan(0);

  await service.stop();
  await page.reload();
  await expect(threads.first()).toBeVisible();
  expect(await threads.count()).toBe(count);

  // The list's own refresh fails quietly: the stored list stays, with a note of its age. The
  // session check cannot reach the bid service either: a read, so no alert stands over the screen.
  await expect(page.getByText(/无法刷新/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  // Logout (offline: the bid service is told nothing) wipes them from the device.
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(persisted, { timeout: 10_000 }).toBe(0);
});
