import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * How `accessibility.spec.ts` checks a screen: axe-core's WCAG 2.1 A and AA rules once the screen
 * has settled, in each of the three languages, and on a phone its width and the portal's name.
 */

export const languages = [
  { code: 'zh-CN', lang: /^zh/, portal: '供应商门户', logout: '退出登录' },
  { code: 'en', lang: /^en/, portal: 'Supplier Portal', logout: 'Log out' },
  { code: 'vie', lang: /^vi/, portal: 'Cổng nhà cung cấp', logout: 'Đăng xuất' },
] as const;
export type Language = (typeof languages)[number];

export const widths = [
  { name: 'on a 360×800 phone', phone: true, viewport: { width: 360, height: 800 } },
  { name: 'on a 1280×900 desktop', phone: false, viewport: { width: 1280, height: 900 } },
] as const;
export type Width = (typeof widths)[number];

/**
 * A screen to check: a path, and what to do on it once open (a dialog, a form submitted empty).
 * A screen with nothing to do is checked in one language, then switched in place to the others
 * with the header's language menu; one with something to do is opened anew in each language (a
 * modal dialog makes the menu behind it inert).
 */
export interface Screen {
  name: string;
  path: string;
  open?: (page: Page, language: Language) => Promise<void>;
}
export const at = (path: string, open?: Screen['open'], name = path): Screen => ({ name, path, open });

/**
 * Waits until the screen has settled: its page heading is there and no part of it is loading (the
 * route's and the records' spinners and skeletons carry aria-busy while they load; a busy button
 * is an action under way, such as the logout waiting for its dialog's answer).
 */
export async function settled(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
}

/** WCAG 2.1 A and AA rules of axe-core on a settled screen; every violation is listed with the elements it names. */
export async function axeViolations(page: Page): Promise<string[]> {
  // `content-visibility: auto` (long enquiry details) skips rendering what is off screen, and axe
  // finds a text's background by hit-testing, which skipped content does not answer: it would
  // judge that text against the page behind its card. Render everything for the check; what a
  // person scrolls to is rendered the same way, and the property changes no semantics.
  await page.addStyleTag({ content: '* { content-visibility: visible !important; }' });
  // axe.run in the page itself (the portal has no frames): the default mode finishes every run
  // in a new blank page, which doubled each check's time. Only violations are collected.
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const storedLanguage = (page: Page) => page.evaluate(() => localStorage.getItem('language') ?? 'zh-CN');

/** Switches the language with the header's menu, as a person would, and waits for the header to speak it. */
async function switchLanguage(page: Page, language: Language) {
  await page.getByRole('banner').getByRole('combobox').selectOption(language.code);
  await expect(page.locator('html')).toHaveAttribute('lang', language.lang);
  await expect(page.getByRole('banner').getByRole('link').first()).toHaveText(language.portal);
}

/** The screen's checks in one language: axe, and on a phone the width and the portal's name. */
async function checkHere(page: Page, where: string, width: Width) {
  await settled(page);
  if (width.phone) {
    expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), `fits the width: ${where}`).toBeLessThanOrEqual(360);
    const name = page.getByRole('banner').getByRole('link').first().locator('span');
    expect
      .soft(await name.evaluate((el) => el.scrollWidth - el.clientWidth), `the portal's name is whole: ${where}`)
      .toBeLessThanOrEqual(0);
  }
  expect.soft(await axeViolations(page), `axe: ${where}`).toEqual([]);
}

/**
 * Checks each screen in each language: a plain screen opens in the language the last one left
 * (so every language is met both on opening and on switching) and is switched in place to the
 * other two; a screen with something to do opens anew in each. A violation fails the test
 * without stopping the loop, named `screen · language · width`.
 */
export async function checkScreens(page: Page, screens: Screen[], width: Width) {
  const size = `${width.viewport.width}×${width.viewport.height}`;
  for (const screen of screens) {
    const current = await storedLanguage(page);
    const start = Math.max(
      0,
      languages.findIndex((l) => l.code === current),
    );
    const order = [...languages.slice(start), ...languages.slice(0, start)];
    for (const [i, language] of order.entries()) {
      const where = `${screen.name} · ${language.code} · ${size}`;
      if (i === 0 || screen.open) {
        await page.evaluate((l) => localStorage.setItem('language', l), language.code);
        // The same address again (a fragment, as /verify#<receipt> has) would not load the page anew.
        if (page.url() === new URL(screen.path, page.url()).href) await page.reload();
        else await page.goto(screen.path);
        await expect(page.locator('html'), where).toHaveAttribute('lang', language.lang);
        // What a screen's action clicks is the app's, not the server's render it replaces.
        await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
        await screen.open?.(page, language);
      } else {
        await switchLanguage(page, language);
      }
      await checkHere(page, where, width);
    }
  }
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
}
