import { expect, test, type Page } from '@playwright/test';
import { appRendered, logInAsDemo } from './support';

/**
 * What a screen's layout owes a reader in every language: a table fits its box at 1280 px, or
 * its overflow is a named region a keyboard can reach, with a cue; the header's sync indicator
 * stays on one line inside the header; a search box's hint is never cut on a phone.
 * The worker is blocked so that the test, not the worker, sees the portal's requests.
 */
test.use({ serviceWorkers: 'block' });

const LANGUAGES = ['zh-CN', 'en', 'vie'] as const;
const LISTS = [
  '/platform/home',
  '/platform/tenderManagement',
  '/platform/bargaining',
  '/platform/communicateRecord',
  '/platform/visitorApplyNew',
];

const setLanguage = (page: Page, language: string) => page.evaluate((l) => localStorage.setItem('language', l), language);

/** Every visible table of the main area: how wide it is against the box it scrolls in, and what that box offers a keyboard. */
const tablesIn = (page: Page) =>
  page.locator('main table:visible').evaluateAll((tables) =>
    tables.map((table) => {
      const box = table.parentElement!;
      return {
        name: box.getAttribute('aria-label') ?? table.querySelector('th')?.textContent ?? '',
        overflow: box.scrollWidth - box.clientWidth,
        focusable: box.tabIndex >= 0,
        edge: box.parentElement?.querySelector('[data-edge=end]')
          ? getComputedStyle(box.parentElement.querySelector('[data-edge=end]')!).opacity
          : null,
      };
    }),
  );

test('the list tables fit their box at 1280 px in all three languages', async ({ page }) => {
  test.setTimeout(120_000);
  await logInAsDemo(page);
  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    for (const path of LISTS) {
      await page.goto(path);
      await appRendered(page);
      await expect(page.locator('main table:visible tbody tr').first()).toBeVisible();
      for (const table of await tablesIn(page)) {
        // Subpixel column widths may round a table a pixel past its box.
        expect(table.overflow, `${language} ${path} ${table.name}`).toBeLessThanOrEqual(1);
      }
    }
  }
  await setLanguage(page, 'zh-CN');
});

test('a table wider than its box is a named region a keyboard scrolls, with a cue on the side that holds more', async ({ page }) => {
  await logInAsDemo(page);
  // An enquiry's project list has more columns than any screen: it scrolls beside the menu.
  await page.goto('/platform/bargaining');
  await page.locator('main table a[href^="/platform/bargaining/"]').first().click();
  const region = page.getByRole('group', { name: '项目清单' });
  await expect(region).toBeVisible();
  expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expect(region).toHaveAttribute('tabindex', '0');
  const frame = region.locator('xpath=..');
  await expect(frame.locator('[data-edge=end]')).toHaveCSS('opacity', '1');
  await expect(frame.locator('[data-edge=start]')).toHaveCSS('opacity', '0');
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(frame.locator('[data-edge=start]')).toHaveCSS('opacity', '1');

  // A table that fits is no tab stop.
  await page.goto('/platform/tenderManagement');
  await appRendered(page);
  await expect(page.locator('main table:visible tbody tr').first()).toBeVisible();
  for (const table of await tablesIn(page)) {
    expect(table.focusable, table.name).toBe(table.overflow > 1);
    expect(table.edge, table.name).toBe('0');
  }
});

/** The indicator's parts (status, counts, bar) each on one line, inside the header's row. */
async function indicatorLayout(page: Page) {
  return page.evaluate(() => {
    const indicator = [...document.querySelectorAll<HTMLElement>('[data-testid^="sync-status-"]')].find((el) => el.offsetParent !== null)!;
    // The header's row (the phone's strip is the header's second child, under the row).
    const header = document.querySelector('header > div')!;
    const row = header.getBoundingClientRect();
    const box = indicator.getBoundingClientRect();
    // Lines of each part's text (a dot or a bar beside it is no line of its own).
    const lines = [...indicator.children].map((part) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
      }
      return tops.size;
    });
    return {
      variant: indicator.dataset.testid,
      lines: Math.max(...lines),
      inside: indicator.dataset.testid === 'sync-status-strip' || (box.top >= row.top && box.bottom <= row.bottom),
      rowHeight: Math.round(row.height),
      headerOverflow: header.scrollWidth - header.clientWidth,
      bar: indicator.querySelector('progress') !== null,
    };
  });
}

test('the sync indicator stays on one line in the header with an entry waiting and while it is sent', async ({ page }) => {
  test.setTimeout(120_000);
  // The reply is sent and never answered: the entry waits, the bar shows.
  await page.route('**/bid-service/communication/reply', () => undefined);
  await logInAsDemo(page);
  await page.goto('/platform/communicateRecord');
  await page.getByRole('link', { name: 'GT2026110002' }).click();
  await page.getByRole('textbox', { name: /^回复内容/ }).fill(`布局检查 ${Date.now()}`);
  await page.getByRole('button', { name: '发送回复' }).click();
  await expect(page.locator('[data-testid=pending-count]:visible')).toBeVisible();
  const thread = page.url();

  for (const language of LANGUAGES) {
    await setLanguage(page, language);
    await page.goto(thread);
    await expect(page.locator('[data-testid=pending-count]:visible')).toBeVisible();
    await expect(page.getByRole('progressbar').first()).toBeAttached();
    for (const width of [360, 640, 768, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(page.locator('[data-testid=pending-count]:visible')).toBeVisible();
      const layout = await indicatorLayout(page);
      const where = `${language} ${width}px`;
      expect(layout.bar, where).toBe(true);
      expect(layout.lines, where).toBe(1);
      expect(layout.inside, where).toBe(true);
      expect(layout.headerOverflow, where).toBeLessThanOrEqual(0);
      // The header keeps its height (56 px on a phone, where the indicator is a strip under it).
      expect(layout.rowHeight, where).toBe(width < 640 ? 56 : 64);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
  }
  await setLanguage(page, 'zh-CN');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("a search box's hint is read whole at 360 px in all three languages", async ({ page }) => {
    test.setTimeout(120_000);
    await logInAsDemo(page);
    for (const language of LANGUAGES) {
      await setLanguage(page, language);
      for (const path of LISTS.slice(1)) {
        await page.goto(path);
        await appRendered(page);
        const search = page.getByRole('searchbox');
        await expect(search).toBeVisible();
        const hint = await search.evaluate((input: HTMLInputElement) => {
          const style = getComputedStyle(input);
          const context = document.createElement('canvas').getContext('2d')!;
          context.font = style.font;
          const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
          const described = input.getAttribute('aria-describedby');
          const note = described ? document.getElementById(described) : null;
          return {
            placeholder: input.placeholder,
            cut: input.placeholder ? context.measureText(input.placeholder).width - room : 0,
            note: note && note.offsetParent !== null && note.scrollWidth <= note.clientWidth ? (note.textContent ?? '') : '',
          };
        });
        const where = `${language} ${path}`;
        // Either the placeholder fits the box, or the hint is written out under it.
        expect(hint.placeholder || hint.note, where).not.toBe('');
        expect(hint.cut, `${where} "${hint.placeholder}"`).toBeLessThanOrEqual(0);
      }
    }
    await setLanguage(page, 'zh-CN');
  });
});
