import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { expect, test, type BrowserContext, type BrowserType, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { launchProfile } from './support';
import { outboxCount, outboxEntries } from './tender-support';

/**
 * Communication replies go through the outbox (DESIGN.md section 4): written while the bid
 * service is gone, they survive a browser restart and are applied exactly once when it comes
 * back; an answer lost after the bid service applied the reply is retried with the same key and
 * applied once; a token the bid service revoked pauses the reply (E401), another supplier's login
 * sends nothing, the same supplier's next login sends it. Offline means the bid service is stopped.
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
  replies: {
    detail: string;
    side: string;
    createdAt: string;
    attachments: { name: string; size: number | null; sha256: string | null }[];
  }[];
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
  // Signed in as someone as far as this device knows: a person switches account.
  const account = page.getByRole('textbox', { name: /^账号/ });
  const switchAccount = page.getByRole('button', { name: '使用其他账号登录' });
  await expect(account.or(switchAccount)).toBeVisible();
  if (await switchAccount.isVisible()) await switchAccount.click();
  await account.fill(username);
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

/** How many of a supplier's reads are stored on this device (src/app/query-persist.ts). */
const storedReadsOf = (page: Page, supplierId: string) =>
  page.evaluate(
    (prefix) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('supplier-portal');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const keys = open.result
            .transaction('kv')
            .objectStore('kv')
            .getAllKeys(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
          keys.onsuccess = () => resolve(keys.result.length);
          keys.onerror = () => reject(keys.error);
        };
      }),
    `rq:${supplierId}|`,
  );

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
  const sent = page.locator('article').filter({ hasText: text });
  await expect(sent.getByText('待发送')).toHaveCount(0);
  const [download] = await Promise.all([page.waitForEvent('download'), sent.getByRole('button', { name: '下载 检测报告.bin' }).click()]);
  const saved = await download.path();
  expect(createHash('sha256').update(readFileSync(saved)).digest('hex')).toBe(sha256);

  // Nothing more can go: the outbox is empty (the entry was removed once its answer came).
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);
  expect(repliesWith(AWAITING_SUPPLIER, text)).toHaveLength(1);
  await context.close();
});

test('once the bid service answers again, a reply that waited out a long backoff goes within 5 s', async ({ playwright }) => {
  test.setTimeout(180_000);
  const text = `退避后的回复 ${Date.now()}`;
  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await openThread(page, AWAITING_SUPPLIER);

  await service.stop();
  await writeReply(page, text);
  // Three failed attempts: the next one is 4 to 12 s away (the backoff doubles from 1 s).
  const attempts = async () => (await outboxEntries(page))[0]?.attempts ?? 0;
  await expect.poll(attempts, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);

  await service.start();
  // `start` resolves on the first answer of the bid service; the reply's time is the service's own.
  const answeredAt = Date.now();
  await expect.poll(() => repliesWith(AWAITING_SUPPLIER, text).length, { timeout: 60_000, intervals: [500] }).toBe(1);
  const [reply] = repliesWith(AWAITING_SUPPLIER, text);
  expect(Date.parse(reply!.createdAt) - answeredAt).toBeLessThanOrEqual(5_000);
  await context.close();
});

test("on a shared device another supplier's login removes the first one's stored reads; its waiting reply stays and goes at its own next login", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const text = `共用设备的回复 ${Date.now()}`;
  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  const first = (await context.cookies()).find((c) => c.name === 'supplierId')!.value;
  await openThread(page, AWAITING_SUPPLIER);
  expect(await storedReadsOf(page, first)).toBeGreaterThan(0);

  await service.stop();
  await writeReply(page, text);
  // Logged out while offline: the reply stays on the device for this supplier.
  await page.getByRole('button', { name: '退出登录' }).first().click();
  const confirm = page.getByRole('dialog', { name: '退出登录' });
  await expect(confirm).toContainText('还有 1 条待发送的内容');
  await confirm.getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);

  await service.start();
  await login(page, OTHER_SUPPLIER);
  await expect.poll(() => storedReadsOf(page, first)).toBe(0);
  expect(await outboxCount(page)).toBe(1);
  expect(repliesWith(AWAITING_SUPPLIER, text)).toHaveLength(0);

  await login(page, SUPPLIER);
  await expect.poll(() => repliesWith(AWAITING_SUPPLIER, text).length, { timeout: 30_000, intervals: [500] }).toBe(1);
  await expect.poll(() => outboxCount(page)).toBe(0);
  await context.close();
});

test('the answer is lost twice after the bid service applied the reply (a 500, then a dropped connection): the retries apply it once', async ({
  playwright,
}) => {
  const text = `重试回复 ${Date.now()}`;
  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  await openThread(page, AWAITING_BUYER);

  let calls = 0;
  const keys = new Set<string>();
  const storedAfter: number[] = [];
  await context.route('**/bid-web/bid-service/communication/reply', async (route) => {
    calls++;
    keys.add(route.request().headers()['idempotency-key'] ?? '');
    // Every attempt reaches the real bid service; the first two answers never reach the browser.
    const answer = await route.fetch();
    storedAfter.push(repliesWith(AWAITING_BUYER, text).length);
    if (calls === 1)
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'E500', message: 'internal error', data: null }),
      });
    else if (calls === 2) await route.abort('connectionreset');
    else await route.fulfill({ response: answer });
  });

  await writeReply(page, text);
  await expect(page.getByText('发送成功')).toBeVisible({ timeout: 60_000 });
  expect(calls).toBe(3);
  // The first attempt was applied (the answer lost after it); the retries with the same key were replays.
  expect(storedAfter).toEqual([1, 1, 1]);
  expect(keys.size).toBe(1);
  expect([...keys][0]).not.toBe('');
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(1);
  await expect(page.locator('article').filter({ hasText: text }).getByText('待发送')).toHaveCount(0);
  await context.close();
});

test('a token revoked on the bid service pauses the reply with E401; another supplier sends none of it; the same supplier sends it once', async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  cli('set-status', OTHER_SUPPLIER, 'A104');
  const text = `吊销后的回复 ${Date.now()}`;

  const { context, page } = await openProfile(playwright.chromium);
  await login(page, SUPPLIER);
  await openThread(page, AWAITING_BUYER);

  // Written while the bid service is gone; meanwhile the buyer's operator ends every session of
  // the supplier. The device keeps its cookie: only the bid service's answer can tell it.
  await service.stop();
  await writeReply(page, text);
  cli('revoke-sessions', '--supplier', SUPPLIER);
  expect((await context.cookies()).map((c) => c.name)).toContain('token');
  await service.start();
  // The connection comes back (the engine's online trigger): the reply goes with the old token.
  await context.setOffline(true);
  await context.setOffline(false);
  await expect
    .poll(async () => (await outboxEntries(page)).map((e) => [e.status, e.lastError?.code]), { timeout: 30_000 })
    .toEqual([['paused', 'E401']]);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(0);

  // Another supplier on this device: its own new thread goes (the engine ran for it), and then
  // none of the first supplier's entries has gone under its account.
  await login(page, OTHER_SUPPLIER);
  const topic = `另一供应商的沟通 ${Date.now()}`;
  await page.goto(`${service.url}/platform/communicateRecord/new`);
  await page.locator('#new-communication-priority').selectOption('low');
  await page.locator('#new-communication-topic').fill(topic);
  await page.locator('#new-communication-content').fill('与第一个供应商无关。');
  await page.locator('form button[type="submit"]').click();
  const theirs = () =>
    (JSON.parse(cli('list-communications', '--supplier', OTHER_SUPPLIER)) as { topic: string }[]).filter((t) => t.topic === topic);
  await expect.poll(() => theirs().length, { timeout: 30_000, intervals: [1000] }).toBe(1);
  await expect.poll(async () => (await outboxEntries(page)).map((e) => e.status), { timeout: 10_000 }).toEqual(['paused']);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(0);
  expect(JSON.stringify(JSON.parse(cli('list-communications', '--supplier', OTHER_SUPPLIER)))).not.toContain(text);

  // The same supplier again: the outbox empties, and the reply is there once.
  await login(page, SUPPLIER);
  await expect.poll(() => outboxCount(page), { timeout: 30_000, intervals: [500] }).toBe(0);
  expect(repliesWith(AWAITING_BUYER, text)).toHaveLength(1);
  await context.close();
});
