import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, type BrowserContext, type BrowserType, type Page } from '@playwright/test';
import { creditCodeCheckChar } from '../../contract/rules';

export const dataDir = resolve(process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
export const port = Number(process.env.E2E_PORT ?? 4318);

/** Runs the operator CLI against the running bid service (as an operator would). */
export function cli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port) },
    encoding: 'utf8',
  });
}

interface SentCode {
  to: string;
  code: string;
  at: string;
}

/**
 * The codes the demo notifier wrote (one JSON line each in `notifications.jsonl` of a bid
 * service's data folder), oldest first; a line still being written is left out.
 */
function sentCodes(dir: string): SentCode[] {
  const file = resolve(dir, 'notifications.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as SentCode];
      } catch {
        return [];
      }
    });
}

/** The newest code sent to an address or phone (since `after`, when given), if any yet. */
function lastCode(to: string, o: { dir?: string; after?: Date } = {}): string | undefined {
  const after = o.after?.getTime() ?? 0;
  return sentCodes(o.dir ?? dataDir)
    .reverse()
    .find((sent) => sent.to === to && Date.parse(sent.at) >= after)?.code;
}

/**
 * Waits for the code sent to `to` (since `after`): the bid service does not wait for the delivery
 * before it answers (known and unknown targets answer alike), so the code may land a moment later.
 */
export async function waitForCode(to: string, o: { dir?: string; after?: Date } = {}): Promise<string> {
  await expect.poll(() => lastCode(to, o), { message: `a code sent to ${to}`, timeout: 10_000 }).toMatch(/^\d{6}$/);
  return lastCode(to, o)!;
}

/** A unique suffix so tests never collide on usernames, credit codes or phones. */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/** A valid unified social credit code, different each call. */
export function creditCode(): string {
  const first17 = `91440300${Array.from({ length: 9 }, () => Math.floor(Math.random() * 10)).join('')}`;
  return first17 + creditCodeCheckChar(first17);
}

export async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((c) => c.name).sort();
}

/** Chromium as the offline specs start it: no first-run or background noise. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * A browser profile on disk, as a real browser has: closing and reopening keeps IndexedDB,
 * cookies and the worker. A new profile's folder is added to `scratch` for the spec to remove;
 * pass `dir` to reopen one.
 */
export async function launchProfile(
  chromium: BrowserType,
  options: { prefix: string; scratch: string[]; dir?: string },
): Promise<{ context: BrowserContext; page: Page; dir: string }> {
  const profile = options.dir ?? mkdtempSync(join(tmpdir(), options.prefix));
  if (!options.dir) options.scratch.push(profile);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: LAUNCH_ARGS,
    serviceWorkers: 'allow',
    viewport: { width: 1280, height: 900 },
    acceptDownloads: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, dir: profile };
}

/** Logs in through /login's own form (demo_a104 unless named) and waits for the workbench. */
export async function logInAsDemo(page: Page, username = 'demo_a104', password = 'Demo1234'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(username);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(password);
  await page.getByRole('button', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(/\/platform\/home/);
}

/** Holds the app's scripts back, so that what shows is the document alone, until the returned function is called. */
export async function holdAppScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Records the context's layout shifts that no input caused (read with `shiftsOf`). */
export const watchShifts = (context: BrowserContext) =>
  context.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
export const shiftsOf = (page: Page) =>
  page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));

/**
 * Waits until the app's own screen is on view: a screen the bid service rendered, or the last
 * render the service worker kept, stays in #root (data-prerendered) until the app takes it over.
 * What the app measures once it renders (a search box's hint, a table's overflow) is read after.
 */
export const appRendered = (page: Page) => expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
