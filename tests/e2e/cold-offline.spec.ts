import { rmSync } from 'node:fs';
import { expect, test, type BrowserType, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { launchProfile, waitForCode } from './support';
import { login } from './tender-support';

/**
 * Cold offline, as a supplier meets it: one online visit to every menu screen and one record of
 * each, then the bid service stopped and the browser restarted. Every screen opens with no
 * blocking alert, shows what it showed online (labels, not codes), and says the time it was
 * stored. Then a tourist's public list and notice, the gate visitor's form after a submit, and a
 * thread opened just before a reload.
 */
test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
const scratch: string[] = [];

test.beforeAll(async () => {
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
});
test.afterAll(async () => {
  await service?.dispose();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** "Offline, as of <time>": a stored answer's note on a supplier's screen, or the worker's marker on a public one. */
const STORED_NOTE =
  /无法刷新（[^）]+），显示的是 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 保存在本设备的数据|离线，数据截至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/;
const storedNote = (page: Page) => page.getByRole('status').filter({ hasText: STORED_NOTE }).first();

/**
 * What a screen shows, as a person reads it: headings, links, labels and values, table cells, and
 * what its form fields hold. Countdowns ("剩余 2 天 23 小时") move with the clock and are left out.
 */
const shown = (page: Page) =>
  page.locator('main').evaluate((main) => [
    ...[...main.querySelectorAll('h1, h2, h3, a, dt, dd, th, td, label')]
      .filter((element) => !element.closest('[role=status]'))
      .map((element) =>
        (element.textContent ?? '')
          .replace(/(剩余|不足|剩)\s*[\d\s天小时分钟秒]+/g, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .filter(Boolean),
    ...[
      ...main.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input:not([type=file]), select, textarea'),
    ].map((field) =>
      field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
        ? `${field.name}:${field.checked}`
        : // A field by what names it for a person, not by an id React made up (useId counts every render, a discarded one too).
          `${field.name || field.getAttribute('aria-label') || (field.labels?.[0]?.textContent ?? '').replace(/\s+/g, ' ').trim() || field.id}=${field.value}`,
    ),
  ]);

/** A screen has its data: the app's own render (not the last one painted from the document), nothing loading, its title there. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy=true]')).toHaveCount(0);
}

interface Visit {
  path: string;
  shown: string[];
  /** The screen shows data of the bid service (so, offline, a stored answer with its time). */
  hasData: boolean;
}

/** Online: every menu screen and the first record of each, as the supplier sees them. */
async function visitEverything(page: Page): Promise<Visit[]> {
  const nav = page.getByRole('navigation', { name: '主菜单' }).first();
  await expect(nav.getByRole('link', { name: /^首页/ })).toBeVisible();
  const menu = await nav.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  const visits: Visit[] = [];
  const visit = async (path: string, hasData = true) => {
    await page.goto(`${service.url}${path}`);
    await settled(page);
    visits.push({ path, shown: await shown(page), hasData });
  };
  for (const path of menu) {
    await visit(path, path !== '/platform/modifyPassword');
    const records = await page
      .locator(`main a[href^="${path}/"]`)
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')!).filter((href) => !/\/(new|bid)(\?|$)/.test(href)));
    if (records[0]) await visit(records[0]);
  }
  // The visit application form, and a copy of a returned application (its values filled in):
  // forms, with no "as of" of their own; what they offer and hold must be the same offline.
  await visit('/platform/visitorApplyNew/new', false);
  await page.goto(`${service.url}/platform/visitorApplyNew?status=returned`);
  await settled(page);
  const returned = await page
    .locator('main a[href^="/platform/visitorApplyNew/"]:visible')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!).filter((href) => !href.endsWith('/new')));
  if (returned[0]) {
    await page.goto(`${service.url}${returned[0]}`);
    await page.getByRole('link', { name: '复制为新申请' }).click();
    await settled(page);
    await expect(page.locator('main input').first()).toBeVisible();
    const copy = new URL(page.url());
    await visit(`${copy.pathname}${copy.search}`, false);
  }
  // A public notice read while logged in.
  await page.goto(`${service.url}/login`);
  const notice = await page.locator('main a[href^="/bidDetail/"]').first().getAttribute('href');
  await visit(notice!);
  return visits;
}

/** Offline, each screen again: no alert, the same content, the time it was stored. */
async function checkOffline(page: Page, visits: Visit[]): Promise<void> {
  let alerts = 0;
  page.on('dialog', () => alerts++);
  for (const { path, shown: online, hasData } of visits) {
    const response = await page.goto(`${service.url}${path}`);
    expect(response?.fromServiceWorker(), path).toBe(true);
    if (hasData) await expect(storedNote(page), path).toBeVisible();
    await settled(page);
    expect(await shown(page), path).toEqual(online);
    await expect(page.getByRole('alertdialog'), path).toHaveCount(0);
  }
  expect(alerts).toBe(0);
}

async function coldOffline(chromium: BrowserType, account: string): Promise<void> {
  const online = await launchProfile(chromium, { prefix: 'portal-cold-', scratch });
  await login(online.page, service.url, account);
  const visits = await visitEverything(online.page);
  expect(visits.length).toBeGreaterThanOrEqual(account === 'demo_a104' ? 12 : 9);
  await online.context.close();

  await service.stop();
  try {
    const offline = await launchProfile(chromium, { prefix: 'portal-cold-', scratch, dir: online.dir });
    await checkOffline(offline.page, visits);
    await offline.context.close();
  } finally {
    await service.start();
  }
}

test('demo_a104: every menu screen and a record of each open cold offline as they were online', async ({ playwright }) => {
  test.setTimeout(300_000);
  await coldOffline(playwright.chromium, 'demo_a104');
});

test('demo_a141: every menu screen and a record of each open cold offline as they were online', async ({ playwright }) => {
  test.setTimeout(300_000);
  await coldOffline(playwright.chromium, 'demo_a141');
});

test("a tourist's public list and notice open cold offline with labels, not codes", async ({ playwright }) => {
  test.setTimeout(120_000);
  const { context, page, dir } = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch });
  await page.goto(`${service.url}/login`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await expect(page.locator('main a[href^="/bidDetail/"]').first()).toBeVisible();
  const notice = (await page.locator('main a[href^="/bidDetail/"]').first().getAttribute('href'))!;
  await page.goto(`${service.url}${notice}`);
  await settled(page);
  const online = await shown(page);
  await context.close();

  await service.stop();
  try {
    const offline = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch, dir });
    await offline.page.goto(`${service.url}/login`);
    await expect(storedNote(offline.page)).toBeVisible();
    await expect(offline.page.locator('main a[href^="/bidDetail/"]').first()).toBeVisible();
    await offline.page.goto(`${service.url}${notice}`);
    await expect(storedNote(offline.page)).toBeVisible();
    await settled(offline.page);
    expect(await shown(offline.page)).toEqual(online);
    // The codes behind the labels never show.
    await expect(offline.page.locator('main')).not.toContainText(/\b(ENERGY|OPEN|USD|CNY|PUBLIC)\b/);
    await offline.context.close();
  } finally {
    await service.start();
  }
});

test('the gate visitor finds the information it submitted, with its choices, after a restart without signal', async ({ playwright }) => {
  test.setTimeout(120_000);
  const phone = '13900000001';
  const { context, page, dir } = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch });
  await page.goto(`${service.url}/visitLogin`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.getByRole('textbox', { name: /^手机号码/ }).fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await page.getByRole('textbox', { name: /^验证码/ }).fill(await waitForCode(phone, { dir: service.dataDir }));
  await page.getByRole('button', { name: '获取通行码' }).click();
  await page.getByRole('link', { name: '填写访客信息' }).click();
  await page.getByRole('combobox', { name: /^性别/ }).selectOption({ label: '女' });
  await page.getByRole('combobox', { name: /^证件类型/ }).selectOption({ label: '护照' });
  await page.getByRole('textbox', { name: /^证件号码/ }).fill('E7654321');
  await page
    .getByRole('group', { name: /是否用餐/ })
    .getByLabel('是')
    .check();
  await page.getByRole('combobox', { name: /^用餐类型/ }).selectOption({ label: '素食' });
  await page
    .getByRole('group', { name: /是否住宿/ })
    .getByLabel('否')
    .check();
  await page.getByRole('button', { name: '提交访客信息' }).click();
  await expect(page.getByText('提交成功')).toBeVisible();
  await context.close();

  await service.stop();
  try {
    const offline = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch, dir });
    await offline.page.goto(`${service.url}/visitor`);
    await expect(offline.page.getByRole('textbox', { name: /^证件号码/ })).toHaveValue('E7654321');
    await expect(offline.page.getByRole('combobox', { name: /^性别/ }).locator('option:checked')).toHaveText('女');
    await expect(offline.page.getByRole('combobox', { name: /^证件类型/ }).locator('option:checked')).toHaveText('护照');
    await expect(offline.page.getByRole('group', { name: /是否用餐/ }).getByLabel('是')).toBeChecked();
    await expect(offline.page.getByRole('combobox', { name: /^用餐类型/ }).locator('option:checked')).toHaveText('素食');
    await expect(offline.page.getByRole('group', { name: /是否住宿/ }).getByLabel('否')).toBeChecked();
    await expect(offline.page.getByRole('alertdialog')).toHaveCount(0);
    await offline.context.close();
  } finally {
    await service.start();
  }
});

test('a thread opened just before a reload is on the device at once', async ({ playwright }) => {
  test.setTimeout(120_000);
  const { context, page } = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch });
  await login(page, service.url, 'demo_a104');
  // Installed: the worker controls the page.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(`${service.url}/platform/communicateRecord`);
  await settled(page);
  const thread = page.locator('main a[href^="/platform/communicateRecord/"]:visible').filter({ hasText: /GT\d+/ }).last();
  const href = (await thread.getAttribute('href'))!;
  await thread.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await settled(page);
  const online = await shown(page);
  // The bid service goes the moment the thread is on screen; the reload follows at once.
  await service.stop();
  try {
    await page.reload();
    await expect(storedNote(page)).toBeVisible();
    expect(await shown(page)).toEqual(online);
  } finally {
    await context.close();
    await service.start();
  }
});

/** The keys of the portal's IndexedDB kv store that start with `prefix`. */
const storedKeys = (page: Page, prefix: string) =>
  page.evaluate(
    (start) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('supplier-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result
            .transaction('kv')
            .objectStore('kv')
            .getAllKeys(IDBKeyRange.bound(start, `${start}\uffff`));
          keys.onsuccess = () => {
            open.result.close();
            resolve(keys.result.map(String));
          };
        };
      }),
    prefix,
  );

test("a supplier's screen paints from its last render before the app has loaded, offline, and the app takes it over; logout forgets it", async ({
  playwright,
}) => {
  test.setTimeout(120_000);
  const list = '/platform/tenderManagement';
  const { context, page } = await launchProfile(playwright.chromium, { prefix: 'portal-cold-', scratch });
  // Whether a record's row was in #root while it still held the document's render (before the app's first commit).
  await context.addInitScript((selector) => {
    const w = window as unknown as { rowBeforeApp?: boolean };
    new MutationObserver((_, observer) => {
      const root = document.getElementById('root');
      if (!root) return;
      if (root.hasAttribute('data-prerendered')) {
        if (root.querySelector(selector)) w.rowBeforeApp = true;
      } else if (root.firstElementChild) observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  }, `main a[href^="${list}/"]`);
  await login(page, service.url, 'demo_a104');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(`${service.url}${list}`);
  await settled(page);
  expect(await page.evaluate(() => (window as unknown as { rowBeforeApp?: boolean }).rowBeforeApp)).toBeUndefined();
  const online = await shown(page);
  await expect.poll(() => storedKeys(page, `screen:${list}`)).toEqual([`screen:${list}`]);

  await service.stop();
  try {
    let alerts = 0;
    page.on('dialog', () => alerts++);
    const response = await page.goto(`${service.url}${list}`);
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { rowBeforeApp?: boolean }).rowBeforeApp)).toBe(true);
    // The app's own render of the same records replaces it, with the time they were stored.
    await expect(storedNote(page)).toBeVisible();
    await settled(page);
    expect(await shown(page)).toEqual(online);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(alerts).toBe(0);
  } finally {
    await service.start();
  }

  await page.goto(`${service.url}/platform/home`);
  await settled(page);
  await page.getByRole('button', { name: '退出登录' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => storedKeys(page, 'screen')).toEqual([]);
  await context.close();
});
