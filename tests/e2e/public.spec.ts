import { expect, test, type Page } from '@playwright/test';
import { holdAppScripts, shiftsOf, watchShifts } from './support';

const noticeLinks = (page: Page) => page.locator('main a[href^="/bidDetail/"]');

test('a newcomer opens /, lands on /login and browses, searches and pages both public lists', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('tab', { name: '招标信息' })).toHaveAttribute('aria-selected', 'true');
  await expect(noticeLinks(page)).toHaveCount(10);

  // Paging moves to the next ten and survives in the URL.
  const firstOnPage1 = await noticeLinks(page).first().getAttribute('href');
  await page.getByRole('button', { name: '下一页' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(noticeLinks(page).first()).not.toHaveAttribute('href', firstOnPage1!);

  // Page size 20 shows twenty.
  await page.getByRole('combobox', { name: '每页条数' }).selectOption('20');
  await expect(noticeLinks(page)).toHaveCount(20);

  // Search narrows the list to matching notices.
  await page.getByRole('searchbox', { name: '搜索公告' }).fill('瓦楞');
  await page.getByRole('searchbox', { name: '搜索公告' }).press('Enter');
  await expect(page).toHaveURL(/q=/);
  const found = noticeLinks(page);
  await expect(found.first()).toBeVisible();
  for (const text of await found.allInnerTexts()) expect(text).toContain('瓦楞');

  // The purchasing list is the other tab.
  await page.getByRole('searchbox', { name: '搜索公告' }).fill('');
  await page.getByRole('searchbox', { name: '搜索公告' }).press('Enter');
  await page.getByRole('tab', { name: '采购信息' }).click();
  await expect(page.getByRole('tab', { name: '采购信息' })).toHaveAttribute('aria-selected', 'true');
  await expect(noticeLinks(page).first()).toBeVisible();
  const purchasing = await noticeLinks(page).first().innerText();
  expect(purchasing).toContain('采购');
});

test('a tourist opens a bid detail with all its sections and is asked to log in to sign up', async ({ page }) => {
  await page.goto('/login');
  const first = noticeLinks(page).first();
  const title = (await first.locator('h3, h2, strong').first().innerText()).trim();
  await first.click();
  await expect(page).toHaveURL(/\/bidDetail\//);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  for (const section of ['基本信息', '典型物料', '公司信息', '投标要求', '采购方联系人']) {
    await expect(page.getByRole('heading', { name: section })).toBeVisible();
  }
  await page.getByRole('button', { name: '报名' }).click();
  await expect(page.getByText('请先登录后再报名').first()).toBeVisible();
});

test('an unknown path shows the 404 page, an unknown notice a not-found state', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404').first()).toBeVisible();
  await page.goto('/bidDetail/does-not-exist');
  await expect(page.getByText('未找到该公告')).toBeVisible();
});

test('the public screens break no rule of the Content Security Policy', async ({ page }) => {
  // Every violation, even one a library catches (zod probing for `new Function`), is reported to
  // the page and shown in the browser's Issues panel.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await page.goto('/login');
  await noticeLinks(page).first().click();
  await expect(page.getByRole('heading', { name: '典型物料' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await page.goto('/visitLogin');
  // A phone refused by the contract's rule: the form schemas are loaded and used.
  await page.getByRole('textbox', { name: /^手机号码/ }).fill('1390000');
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请输入正确的手机号码')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test("/login paints its form and the first page of notices before any script has run (the board's frame in a language chosen on the device), and the app takes it over without a shift", async ({
  browser,
  baseURL,
}) => {
  for (const [language, title, board] of [
    [null, '账号登录', '招标采购公告'],
    ['en', 'Account login', 'Bidding and purchasing notices'],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    if (language) await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await watchShifts(context);
    const page = await context.newPage();
    const release = await holdAppScripts(page);
    const reads: string[] = [];
    page.on('request', (r) => void (r.url().includes('/business/listByPage') && reads.push(r.url())));
    await page.goto('/login', { waitUntil: 'commit' });
    await expect(page.locator('#login-title')).toHaveText(title);
    await expect(page.locator('#notice-board-title')).toHaveText(board);
    // In the default language the bid service rendered the first page of notices too (a first
    // visit's language); a device that chose another shows the build's page, the board's frame.
    await expect(noticeLinks(page)).toHaveCount(language === null ? 10 : 0);
    await expect(page.locator('#login-username')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language ?? 'zh-CN');
    // A person can type there at once, and moves on to the password with Tab.
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
    await page.locator('#login-username').pressSequentially('demo_a104');
    await page.keyboard.press('Tab');
    await expect(page.locator('#login-password')).toBeFocused();

    release();
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
    await expect(noticeLinks(page)).toHaveCount(10);
    await expect(page.locator('#login-title')).toHaveText(title);
    await expect(page.locator('#login-username')).toHaveValue('demo_a104');
    expect(await shiftsOf(page)).toBeLessThan(0.02);
    // The app took the list over from the render's reads; in another language it read its own.
    expect(reads).toHaveLength(language === null ? 0 : 1);
    // The app's form holds the account typed before it ran, and the focus is still in the password.
    await expect(page.locator('#login-password')).toBeFocused();
    await page.keyboard.type('Demo1234');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/platform\/home/);
    await context.close();
  }
});

test("a public notice paints from the bid service's render before any script has run, and the app takes it over from the same reads, without a shift", async ({
  browser,
  baseURL,
  request,
}) => {
  const list = await request.post('/bid-web/bid-service/business/listByPage', { data: { bindOrPurchase: 0, pageNo: 1, pageSize: 10 } });
  const notice = ((await list.json()) as { data: { records: { id: string; title: string }[] } }).data.records[2]!;
  for (const language of [null, 'en'] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    if (language) await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await watchShifts(context);
    // How often the notice's title was gone from the page once it was parsed.
    await context.addInitScript(() => {
      (window as unknown as { titleGone: number }).titleGone = 0;
      addEventListener('DOMContentLoaded', () => {
        new MutationObserver(
          () => void (document.getElementById('notice-title') || (window as unknown as { titleGone: number }).titleGone++),
        ).observe(document.body, { subtree: true, childList: true });
      });
    });
    const page = await context.newPage();
    const calls: string[] = [];
    page.on(
      'request',
      (r) => void (r.url().includes('/bid-web/') && calls.push(new URL(r.url()).pathname.replace('/bid-web/bid-service', ''))),
    );
    const release = await holdAppScripts(page);
    await page.goto(`/bidDetail/${notice.id}`, { waitUntil: 'commit' });
    if (language === null) {
      // Rendered by the service: the notice, its sections and its codes' labels, before any script.
      await expect(page.locator('#notice-title')).toHaveText(notice.title);
      await expect(page.getByRole('heading', { name: '基本信息' })).toBeVisible();
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
      // A tap on 报名 is held until the app can answer it.
      await page.getByRole('button', { name: '报名' }).click();
      release();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.getByText('请先登录后再报名').first()).toBeVisible();
      await expect(page.locator('#notice-title')).toHaveText(notice.title);
      expect(await page.evaluate(() => (window as unknown as { titleGone: number }).titleGone)).toBe(0);
      expect(await shiftsOf(page)).toBeLessThan(0.02);
      // The app read nothing again: the notice and the dictionaries came with the document.
      expect(calls).toEqual([]);
    } else {
      // Rendered in the default language, so a device that chose another never sees it: the app renders in its own.
      // The language pick, not the app (its scripts are held), emptied #root.
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.locator('#root')).toBeEmpty();
      release();
      await expect(page.locator('#notice-title')).toHaveText(notice.title);
      await expect(page.getByRole('heading', { name: 'Basic information' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      expect(calls).toContain('/business/getById');
    }
    await context.close();
  }
});

test('a tap on the prerendered /login before any script has run is held and done once the app has taken over; the browser never sends the form itself', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  // The app's scripts wait for `gate` (a new one for each visit).
  let gate = Promise.resolve();
  await page.route('**/assets/*.js', async (route) => {
    await gate;
    await route.continue();
  });
  const hold = () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => (release = resolve));
    return release;
  };

  // A tap on the register link.
  let release = hold();
  await page.goto('/login', { waitUntil: 'commit' });
  await page.getByRole('link', { name: '注册供应商' }).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('button', { name: '提交注册' })).toBeVisible();

  // The account and password, sent with Enter: the login is made by the app, once.
  release = hold();
  await page.goto('/login', { waitUntil: 'commit' });
  await page.locator('#login-username').fill('demo_a104');
  await page.locator('#login-password').fill('Demo1234');
  await page.locator('#login-password').press('Enter');
  await page.getByRole('button', { name: '进入工作台' }).click(); // an impatient second tap: still one login
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/platform\/home/);
  expect(requests.filter((url) => url.includes('Demo1234'))).toEqual([]);
  expect(requests.filter((url) => url.endsWith('/supplier/login'))).toHaveLength(1);
  await context.close();
});

test('/visitLogin paints its phone form before any script has run, unless the device holds passes (its first screen is then the QR)', async ({
  browser,
  baseURL,
}) => {
  for (const passes of [null, '1']) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    await context.addInitScript((held) => {
      localStorage.setItem('language', 'vie');
      if (held) localStorage.setItem('visitor-passes', held);
    }, passes);
    const page = await context.newPage();
    await page.route('**/assets/*.js', () => new Promise(() => undefined));
    await page.goto('/visitLogin', { waitUntil: 'commit' });
    await expect(page.locator('footer')).toHaveCount(passes ? 0 : 1);
    if (!passes) {
      await expect(page.locator('h1')).toHaveText('Lấy mã QR ra vào');
      await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    } else {
      await page.waitForFunction(() => document.readyState !== 'loading' || document.getElementById('root')?.childElementCount === 0);
      expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    }
    await context.close();
  }
});

test('tourist mode on a phone brings the notice board into view below the sticky header', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await expect(noticeLinks(page).first()).toBeVisible();
  await page.getByRole('button', { name: '游客模式' }).click();
  const heading = page.getByRole('heading', { name: '招标采购公告' });
  // Scrolled (smoothly) until the heading sits just under the header, not behind it.
  await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeLessThan(200);
  const headerBottom = await page.locator('header').evaluate((header) => header.getBoundingClientRect().bottom);
  await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(headerBottom);
});
