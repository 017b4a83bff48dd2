import { expect, test, type BrowserContext } from '@playwright/test';
import { holdAppScripts, logInAsDemo, shiftsOf, watchShifts } from './support';

// A supplier's screen opened where no service worker answers (a first visit, storage cleared, a
// link opened in another browser): the bid service renders it with the request's session
// (server/render/server-render.ts), so its records paint before any of the app's scripts has run.

test("a supplier's list paints from the bid service's render with its own records before any script has run, and the app takes it over from the same reads, without a shift", async ({
  browser,
  baseURL,
}) => {
  for (const language of [null, 'en'] as const) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    await logInAsDemo(await context.newPage());
    if (language) await context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await watchShifts(context);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on(
      'request',
      (r) => void (r.url().includes('/bid-web/') && calls.push(new URL(r.url()).pathname.replace('/bid-web/bid-service', ''))),
    );
    const release = await holdAppScripts(page);
    await page.goto('/platform/tenderManagement', { waitUntil: 'commit' });
    const titles = page.locator('main article h3');
    if (language === null) {
      // Rendered by the service for demo_a104: its records, before any script.
      await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
      await expect(titles.first()).toBeVisible();
      const rendered = await titles.allTextContents();
      expect(rendered.length).toBeGreaterThan(0);
      release();
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(titles).toHaveText(rendered);
      expect(await shiftsOf(page)).toBeLessThan(0.02);
      // The app read neither the session nor the list again: both came with the document.
      expect(calls).not.toContain('/tender/listByPage');
      expect(calls).not.toContain('/supplier/getByToken');
    } else {
      // Rendered in the default language: a device that chose another never sees it (the
      // language pick emptied #root), and the app renders the screen in its own.
      await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
      await expect(page.locator('#root')).toBeEmpty();
      release();
      await expect(titles.first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bid management');
    }
    await context.close();
  }
});

/** The supplier name the portal wrote into the session cookies at login (src/api/session.ts). */
const loggedInName = async (context: BrowserContext) => {
  const loginInfo = (await context.cookies()).find((c) => c.name === 'loginInfo')!.value;
  return (JSON.parse(decodeURIComponent(loginInfo)) as { userInfo: { supplierName: string } }).userInfo.supplierName;
};

test('a browser without a session is sent to /login, and the next supplier on the device is rendered its own screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/platform/home');
  await expect(page).toHaveURL(/\/login\?redirect=/);

  await logInAsDemo(page, 'demo_a104');
  const first = await loggedInName(context);
  await context.clearCookies();
  await logInAsDemo(page, 'demo_a141');
  const second = await loggedInName(context);
  expect(second).not.toBe(first);
  const release = await holdAppScripts(page);
  await page.goto('/platform/home', { waitUntil: 'commit' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', '');
  await expect(page.locator('main')).toContainText(second);
  await expect(page.locator('main')).not.toContainText(first);
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.locator('main')).toContainText(second);
  await context.close();
});
