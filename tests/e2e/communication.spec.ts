import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { expect, test, type BrowserContext, type BrowserType, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { launchProfile } from './support';

/**
 * Communication replies go through the outbox (DESIGN.md section 4): written while the bid
 * service is gone, they survive a browser restart and are applied exactly once when it comes
 * back; a 5xx is retried with the same key; an expired token or another supplier's login sends
 * nothing, the same supplier's next login sends them. Offline means the bid service is stopped.
 */
const SUPPLIER = 'demo_a104';
const OTHER_SUPPLIER = 'demo_a141';
const PASSWORD = 'Demo1234';
/** Seeded threads of demo_a104 that are open for replies. */
const AWAITING_SUPPLIER = 'GT2026110002';
const AWAITING_BUYER = 'GT2026110003';

interface OperatorThread {
  id: string;
  questionNo: string;
  replies: { detail: string; side: string; attachments: { name: string; size: number | null; sha256: string | null }[] }[];
}

test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
const profiles: string[] = [];

test.beforeAll(async () => {
  // E2E_STATIC_DIR lets an engineer run this against a build of their own; `npm test` serves dist.
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
});

test.afterAll(async () => {
  await service?.dispose();
  for (const dir of profiles) rmSync(dir, { recursive: true, force: true });
});

function cli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: service.dataDir, PORT: String(service.port) },
    encoding: 'utf8',
  });
}

function thread(questionNo: string): OperatorThread {
  const all = JSON.parse(cli('list-communications', '--supplier', SUPPLIER)) as OperatorThread[];
  const found = all.find((t) => t.questionNo === questionNo);
  if (!found) throw new Error(`no thread ${questionNo}`);
  return found;
}

const repliesWith = (questionNo: string, text: string) => thread(questionNo).replies.filter((r) => r.detail === text);

/** A browser profile on disk, as a real browser has: closing and reopening keeps IndexedDB, cookies and the worker. */
async function openProfile(chromium: BrowserType, dir?: string): Promise<{ context: BrowserContext; page: Page; dir: string }> {
  const opened = await launchProfile(chromium, { prefix: 'portal-comm-profile-', scratch: profiles, dir });
  return opened;
}

async function login(page: Page, username: string): Promise<void> {
  await page.goto(`${service.url}/login`);
  await page.getByRole('textbox', { name: /^账号/ }).fill(username);
  await page.getByLabel(/^密码/).fill(PASSWORD);
  await page.getByRole('button', { name: '进入工作台' }).click();
  await page.waitForURL(/\/platform\/home/);
}

/** Opens a thread from the list (so its queries are cached and persisted) and waits for the reply form. */
async function openThread(page: Page, questionNo: string): Promise<string> {
  await page.goto(`${service.url}/platform/communicateRecord`);
  await page.getByRole('link', { name: questionNo }).click();
  await expect(page.getByRole('button', { name: '发送回复' })).toBeVisible();
  return page.url();
}

async function writeReply(page: Page, text: string, file?: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByRole('textbox', { name: /^回复内容/ }).fill(text);
  if (file) await page.getByLabel(/^附件/).setInputFiles(file);
  await page.getByRole('button', { name: '发送回复' }).click();
  await expect(page.getByRole('textbox', { name: /^回复内容/ })).toHaveValue('');
}

/** Entries in the portal's outbox on this device, whoever owns them. */
const outboxCount = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('supplier-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const count = db.transaction('outbox').objectStore('outbox').count();
          count.onsuccess = () => {
            resolve(count.result);
            db.close();
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );

/** Dismisses the "network request abnormal" alert the guard's session check raises while the bid service is gone. */
async function dismissAlerts(page: Page): Promise<void> {
  const alert = page.getByRole('alertdialog');
  while (await alert.count()) await alert.getByRole('button').first().click();
}

const pendingItem = (page: Page, text: string) => page.locator('article').filter({ hasText: text });

test('a reply with a 5 MB attachment written offline survives a browser restart and is sent once, byte-equal', async ({ playwright }) => {
  test.setTimeout(180_000);
  const text = `离线回复 ${Date.now()}`;
  const bytes = randomBytes(5 * 1024 * 1024);
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  const first = await openProfile(playwright.chromium);
  let { context, page } = first;
  await login(page, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  const threadUrl = await openThread(page, AWAITING_SUPPLIER);

  await service.stop();
  await writeReply(page, text, { name: '检测报告.bin', mimeType: 'application/octet-stream', buffer: bytes });
  const item = pendingItem(page, text);
  await expect(item.getByText('待发送')).toBeVisible();
  await expect(item.getByText('检测报告.bin')).toBeVisible();
  expect(await outboxCount(page)).toBe(1);
  await context.close();

  // The browser comes back while the bid service is still gone: the reply waits where it was.
  ({ context, page } = await openProfile(playwright.chromium, first.dir));
  await page.goto(threadUrl);
  await dismissAlerts(page);
  await expect(pendingItem(page, text).getByText('待发送')).toBeVisible({ timeout: 20_000 });
  expect(await outboxCount(page)).toBe(1);

  await service.start();
  await expect.poll(() => repliesWith(AWAITING_SUPPLIER, text).length, { timeout: 60_000, intervals: [1000] }).toBe(1);
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);
  const [reply] = repliesWith(AWAITING_SUPPLIER, text);
  expect(reply!.attachments).toHaveLength(1);
  expect(reply!.attachments[0]).toMatchObject({ name: '检测报告.bin', size: bytes.length, sha256 });

  // Downloaded through the portal, the attachment is the same file, byte for byte.
  await page.goto(threadUrl);
  await dismissAlerts(page);
  const sent = page.locator('article').filter({ hasText: text });
  await expect(sent.getByText('待发送')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), sent.getByRole('button', { name: '下载 检测报告.bin' }).click()]);
  const saved = await download.path();
  expect(createHash('sha256').update(readFileSync(saved)).digest('hex')).toBe(sha256);

  // Nothing more arrives later (a replay would be answered, not applied again).
  await page.waitForTimeout(3000);
  expect(repliesWith(AWAITING_SUPPLIER, text)).toHaveLength(1);
  await context.close();
});

test('the bid service answers 500 twice, then works: the reply is applied once', async ({ playwright }) => {
  const text = `重试回复 ${Date.now()}`;
  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  await openThread(page, AWAITING_BUYER);

  let calls = 0;
  const keys = new Set<string>();
  await context.route('**/bid-web/bid-service/communication/reply', async (route) => {
    calls++;
    keys.add(route.request().headers()['idempotency-key'] ?? '');
    if (calls <= 2) {
      await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'E500', message: 'internal error', data: null }) });
    } else {
      await route.continue();
    }
  });

  await writeReply(page, text);
  await expect(page.getByText('发送成功')).toBeVisible({ timeout: 30_000 });
  expect(calls).toBe(3);
  // Every attempt carried the same idempotency key.
  expect(keys.size).toBe(1);
  expect([...keys][0]).not.toBe('');
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(1);
  await expect(page.locator('article').filter({ hasText: text }).getByText('待发送')).toHaveCount(0);
  await context.close();
});

test('an expired token sends nothing and loses nothing; another supplier sends none; the same supplier sends them', async ({ playwright }) => {
  test.setTimeout(180_000);
  const ttlSeconds = 20;
  await service.stop();
  await service.start({ TOKEN_TTL_SECONDS: String(ttlSeconds) });
  cli('set-status', OTHER_SUPPLIER, 'A104');
  const text = `过期后的回复 ${Date.now()}`;

  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  const tokenSetAt = Date.now();
  await openThread(page, AWAITING_BUYER);

  // Written while the bid service is gone, so the entry is still waiting when the token expires.
  await service.stop();
  await writeReply(page, text);
  await expect(pendingItem(page, text).getByText('待发送')).toBeVisible();
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === 'token'), { timeout: (ttlSeconds + 10) * 1000, intervals: [1000] })
    .toBe(false);
  expect(Date.now() - tokenSetAt).toBeGreaterThanOrEqual((ttlSeconds - 2) * 1000);

  await service.start({ TOKEN_TTL_SECONDS: '7200' });
  // The engine's own triggers get their chance (reload = start trigger), and send nothing.
  await page.goto(`${service.url}/login`);
  await page.waitForTimeout(5000);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(0);
  expect(await outboxCount(page)).toBe(1);

  // Another supplier on this device: none of the first supplier's entries go under its account.
  await login(page, OTHER_SUPPLIER);
  await page.waitForTimeout(5000);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(0);
  expect(await outboxCount(page)).toBe(1);

  // The same supplier again: the reply goes, once.
  await context.clearCookies();
  await login(page, SUPPLIER);
  await expect.poll(() => repliesWith(AWAITING_BUYER, text).length, { timeout: 30_000, intervals: [1000] }).toBe(1);
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);
  await page.waitForTimeout(2000);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(1);
  await context.close();
});
