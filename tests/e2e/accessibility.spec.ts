import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { logInAsDemo } from './support';

const demo = { username: 'demo_a104', password: 'Demo1234' };

const publicPages = ['/login', '/register', '/forgetPassword', '/error/404', '/error/403', '/visitLogin'];
const platformPages = ['/platform/home', '/platform/supplierInfoManagement', '/platform/modifyPassword'];

/** WCAG 2.1 A and AA rules of axe-core; every violation is listed with the elements it names. */
async function expectAccessible(page: Page) {
  await page.waitForLoadState('networkidle');
  // `content-visibility: auto` (long enquiry details) skips rendering what is off screen, and axe
  // finds a text's background by hit-testing, which skipped content does not answer: it would
  // judge that text against the page behind its card. Render everything for the check; what a
  // person scrolls to is rendered the same way, and the property changes no semantics.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Nothing wider than the screen: no sideways scrolling on a 360 px phone. */
async function expectFitsWidth(page: Page) {
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test('public screens pass the WCAG 2.1 AA rules of axe, including a bid detail', async ({ page }) => {
  for (const path of publicPages) {
    await page.goto(path);
    await expectAccessible(page);
  }
  await page.goto('/login');
  await page.locator('main a[href^="/bidDetail/"]').first().click();
  await expect(page.getByRole('heading', { name: '典型物料' })).toBeVisible();
  await expectAccessible(page);
});

test('a bid detail in Vietnamese at 1280 px passes axe, its typical materials whole in their box', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('combobox', { name: '语言' }).selectOption('vie');
  await expect(page.locator('html')).toHaveAttribute('lang', /^vi/);
  await page.locator('main a[href^="/bidDetail/"]').first().click();
  await expect(page.getByRole('heading', { name: 'Vật tư tiêu biểu' })).toBeVisible();
  const table = page.locator('main table:visible');
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page);
  // Its last column (the remark) is not cut off by the box the table scrolls in.
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)).toBeLessThanOrEqual(1);
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});

test('logged-in screens pass the WCAG 2.1 AA rules of axe', async ({ page }) => {
  await logInAsDemo(page);
  for (const path of platformPages) {
    await page.goto(path);
    await expectAccessible(page);
  }
});

/**
 * The tender screens with demo_a104's seeded records: the list, a record's detail, the bid
 * upload page of the record whose deposit is confirmed, and the deposit dialog of the one that
 * is only signed up. Answers the paths, found through the list as a supplier would.
 */
async function tenderPaths(page: Page): Promise<string[]> {
  await page.goto('/platform/tenderManagement');
  const bid = await page
    .getByRole('link', { name: /^上传投标文件及物料清单 / })
    .first()
    .getAttribute('href');
  const detail = await page
    .getByRole('link', { name: /^查看详情 / })
    .first()
    .getAttribute('href');
  const deposit = page
    .getByRole('button', { name: /^缴纳保证金 / })
    .and(page.locator(':not([aria-disabled])'))
    .first();
  const tenderNo = (await deposit.textContent())?.replace('缴纳保证金', '').trim();
  expect(bid && detail && tenderNo).toBeTruthy();
  const id = await page.getByRole('link', { name: `查看详情 ${tenderNo}`, exact: true }).getAttribute('href');
  return ['/platform/tenderManagement', detail!, bid!, `/platform/tenderManagement?tenderId=${id!.split('/').pop()}&action=deposit`];
}

test('the tender screens and the deposit dialog pass the WCAG 2.1 AA rules of axe, in all three languages', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  const paths = await tenderPaths(page);
  for (const language of ['zh-CN', 'en', 'vie']) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const path of paths) {
      await page.goto(path);
      if (path.includes('action=deposit')) await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});

/**
 * The enquiry screens with demo_a104's seeded enquiries: the list, an enquiry waiting for its
 * quote (the open quote form) and the one in round 3 (histories, target prices, a quote in
 * the making), found through the list by their themes.
 */
async function enquiryPaths(page: Page): Promise<string[]> {
  await page.goto('/platform/bargaining');
  const hrefOf = async (theme: string) => {
    const href = await page.getByRole('row').filter({ hasText: theme }).getByRole('link').first().getAttribute('href');
    expect(href).toBeTruthy();
    return href!;
  };
  return ['/platform/bargaining', await hrefOf('2026 年二季度牛皮箱板纸采购询价'), await hrefOf('包装辅料年度框架议价')];
}

test('the enquiry screens and the quote form pass the WCAG 2.1 AA rules of axe, in all three languages', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  const paths = await enquiryPaths(page);
  for (const language of ['zh-CN', 'en', 'vie']) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const path of paths) {
      await page.goto(path);
      if (path !== '/platform/bargaining') await expect(page.getByRole('form')).toBeVisible();
      await expectAccessible(page);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});

/**
 * The home page and the visit application screens with demo_a104's seeded data: the list, the
 * empty form and the form refused with every required field's message on screen, and each
 * seeded application's detail (approved, pending, returned), found through the list.
 */
async function visitPaths(page: Page): Promise<string[]> {
  await page.goto('/platform/visitorApplyNew');
  const links = page.locator('main table a[href^="/platform/visitorApplyNew/"]');
  await expect(links.first()).toBeVisible();
  const details = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(details.length).toBeGreaterThanOrEqual(3);
  return ['/platform/home', '/platform/visitorApplyNew', '/platform/visitorApplyNew/new', ...details];
}

/** Opens a path of visitPaths; on the form, also submits it empty so every error is shown. */
async function openVisitPath(page: Page, path: string) {
  await page.goto(path);
  if (!path.endsWith('/new')) return;
  await page.locator('main form button[type="submit"]').click();
  await expect(page.locator('main form [aria-invalid="true"]').first()).toBeVisible();
}

test('the home and visit application screens pass the WCAG 2.1 AA rules of axe, in all three languages', async ({ page }) => {
  test.setTimeout(180_000);
  await logInAsDemo(page);
  const paths = await visitPaths(page);
  for (const language of ['zh-CN', 'en', 'vie']) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    for (const path of paths) {
      await openVisitPath(page, path);
      await expectAccessible(page);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('every screen fits the width, in all three languages', async ({ page }) => {
    for (const language of ['zh-CN', 'en', 'vie']) {
      await page.goto('/login');
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      for (const path of publicPages) {
        await page.goto(path);
        await expectFitsWidth(page);
        // The portal's name is whole in the header, not cut to "Cổng nhà cung…".
        const name = page.getByRole('banner').getByRole('link').first().locator('span');
        expect(await name.evaluate((el) => el.scrollWidth - el.clientWidth), `${language} ${path}`).toBeLessThanOrEqual(0);
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
    await logInAsDemo(page);
    for (const path of platformPages) {
      await page.goto(path);
      await expectFitsWidth(page);
    }
  });

  test('the tender screens fit the width and pass axe, in all three languages', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsDemo(page);
    const paths = await tenderPaths(page);
    for (const language of ['zh-CN', 'en', 'vie']) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      for (const path of paths) {
        await page.goto(path);
        if (path.includes('action=deposit')) await expect(page.getByRole('dialog')).toBeVisible();
        await expectFitsWidth(page);
        await expectAccessible(page);
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });

  test('the enquiry screens fit the width and pass axe, in all three languages', async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsDemo(page);
    // The list is cards on a phone: the paths are found on a wide screen first.
    await page.setViewportSize({ width: 1280, height: 900 });
    const paths = await enquiryPaths(page);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const language of ['zh-CN', 'en', 'vie']) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      for (const path of paths) {
        await page.goto(path);
        if (path !== '/platform/bargaining') await expect(page.getByRole('form')).toBeVisible();
        await expectFitsWidth(page);
        await expectAccessible(page);
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
  test('the home and visit application screens fit the width and pass axe, in all three languages', async ({ page }) => {
    test.setTimeout(180_000);
    await logInAsDemo(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    const paths = await visitPaths(page);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const language of ['zh-CN', 'en', 'vie']) {
      await page.evaluate((l) => localStorage.setItem('language', l), language);
      for (const path of paths) {
        await openVisitPath(page, path);
        await expectFitsWidth(page);
        await expectAccessible(page);
      }
    }
    await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  });
});

test('the login screen works with the keyboard alone', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: '进入工作台' })).toBeVisible();
  // The skip link comes first and moves on into the main content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: '跳到主要内容' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  await page.getByRole('textbox', { name: '账号', exact: true }).focus();
  await page.keyboard.type(demo.username);
  await page.keyboard.press('Tab');
  await page.keyboard.type(demo.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/platform\/home/);
});

test('focus follows the keyboard user: onto the new screen after login, back to the opener after a dialog closed with Esc', async ({
  page,
}) => {
  await logInAsDemo(page);
  await expect(page.locator('#main')).toBeFocused();
  const logout = page.getByRole('button', { name: '退出登录' }).first();
  await logout.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(logout).toBeFocused();
});
