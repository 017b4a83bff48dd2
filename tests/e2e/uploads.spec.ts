import { createHash } from 'node:crypto';
import { BASE_PATH, HEADER, TUS_PATH } from '../../contract/http';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';

/**
 * A 30 MB attachment whose upload is cut in the middle resumes from the offset the bid service
 * acknowledged (tus): the service receives the file once, not twice (under 40 MB in total).
 * The cut: once 15 MB went through, every PATCH is aborted until the upload gave up (its quick
 * retries spent); the sync engine's backoff then resumes it with HEAD → PATCH from the offset.
 * Once with the service worker blocked, once with it controlling the page, as users run the
 * portal: its fetch handler sees every request of the page first (and lets the tus ones go to
 * the network), and Chromium hands what goes to the network to the context's routes either way.
 */
const MB = 1024 * 1024;
const FILE_BYTES = 30 * MB;
const CUT_AFTER_BYTES = 15 * MB;
const demo = { username: 'demo_a104', password: 'Demo1234' };

let service: OwnBidService;
// While developing against a build of one's own: E2E_STATIC_DIR=.tmp/dist-offline (the suite serves dist).
test.beforeAll(async () => {
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  await service.start();
});
test.afterAll(async () => service?.dispose());
// The first test without the worker (page.route); the second opens a context of its own with it.
test.use({ serviceWorkers: 'block' });

async function login(page: Page) {
  await page.goto(`${service.url}/login`);
  await page.getByRole('textbox', { name: '账号', exact: true }).fill(demo.username);
  await page.getByRole('textbox', { name: '密码', exact: true }).fill(demo.password);
  await page.getByRole('button', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(/\/platform/);
}

/** A PDF-named file of `size` bytes with a recognisable pattern, so the stored copy can be compared. */
function pattern(size: number): Buffer {
  const buffer = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) buffer.writeUInt32LE(i, i);
  buffer.write('%PDF-1.4\n', 0);
  return buffer;
}

async function api<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${service.url}${BASE_PATH}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [HEADER.token]: token },
    body: JSON.stringify(body),
  });
  const envelope = (await res.json()) as { code: string; data: T };
  expect(envelope.code).toBe('E000');
  return envelope.data;
}

/** The session token of a logged-in page (its cookie), for calls to the bid service beside it. */
const tokenOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';

/** Waits until the outbox has sent the thread of `topic` (the bid service lists it) and answers it. */
async function sentThread(token: string, topic: string): Promise<{ id: string }> {
  let thread: { id: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ records: { id: string; topic: string }[] }>(token, '/communication/listByPage', {
          pageNo: 1,
          pageSize: 50,
        });
        thread = list.records.find((r) => r.topic === topic);
        return Boolean(thread);
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);
  return thread!;
}

/** A stored file's bytes, downloaded as its supplier. */
async function downloaded(token: string, path: string): Promise<Buffer> {
  const res = await fetch(`${service.url}${BASE_PATH}/file/download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', [HEADER.token]: token },
    body: new URLSearchParams({ filePath: path }),
  });
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Sends a new thread with a 30 MB attachment from a logged-in `page`, cuts its upload in the
 * middle through `routes` (the page's or its context's), lets it resume, and checks what the bid
 * service received: from the acknowledged offset on, under 40 MB, the same bytes.
 */
async function cutAndResume(page: Page, routes: Page | BrowserContext, label: string) {
  const patches: { offset: number; bytes: number; afterCut: boolean; fromWorker: boolean }[] = [];
  let cut = false;
  let resumed = false;
  let refused = 0;
  await routes.route(
    (url) => url.pathname.startsWith(`${BASE_PATH}${TUS_PATH}/`),
    async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') {
        if (cut) {
          refused += 1;
          return route.abort('connectionreset');
        }
        const bytes = request.postDataBuffer()?.length ?? 0;
        patches.push({
          offset: Number(request.headers()['upload-offset']),
          bytes,
          afterCut: resumed,
          fromWorker: request.serviceWorker() !== null,
        });
        if (!resumed && patches.reduce((sum, p) => sum + p.bytes, 0) >= CUT_AFTER_BYTES) cut = true;
      }
      return route.continue();
    },
  );

  await page.goto(`${service.url}/platform/communicateRecord/new`);
  const topic = `断点续传 ${label} ${Date.now()}`;
  // By id: the form's labels are checked by the communication tests.
  await page.locator('#new-communication-priority').selectOption('high');
  await page.locator('#new-communication-topic').fill(topic);
  await page.locator('#new-communication-content').fill('附件为 30 MB 的图纸。');
  const content = pattern(FILE_BYTES);
  await page.locator('input[type="file"]').setInputFiles({ name: 'drawings.pdf', mimeType: 'application/pdf', buffer: content });
  await page.locator('form button[type="submit"]').click();

  // The cut holds until the upload gave up (its first PATCH and quick retries refused).
  await expect.poll(() => refused, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  const acknowledged = patches.reduce((sum, p) => sum + p.bytes, 0);
  cut = false;
  resumed = true;

  const token = await tokenOf(page);
  const thread = await sentThread(token, topic);

  // The cut happened in the middle: bytes went before it, and the rest after it.
  expect(acknowledged).toBeGreaterThanOrEqual(CUT_AFTER_BYTES);
  expect(acknowledged).toBeLessThan(FILE_BYTES);
  const after = patches.filter((p) => p.afterCut);
  // Resumed where the bid service stopped, not from byte 0: after the cut, exactly the rest went.
  expect(after.reduce((sum, p) => sum + p.bytes, 0)).toBe(FILE_BYTES - acknowledged);
  expect(after[0]!.offset).toBe(acknowledged);
  // Each byte once (the refused PATCHes carried none to the bid service): far under 40 MB.
  const received = patches.reduce((sum, p) => sum + p.bytes, 0);
  expect(received).toBe(FILE_BYTES);
  test.info().annotations.push({
    type: 'figures',
    description: `${label}: cut at ${acknowledged} B, resumed at ${after[0]!.offset} B, ${refused} PATCHes refused, ${received} B received in total`,
  });
  console.log(
    `uploads (${label}): cut at ${(acknowledged / MB).toFixed(1)} MB, resumed at ${(after[0]!.offset / MB).toFixed(1)} MB, ${refused} PATCHes refused, ${(received / MB).toFixed(1)} MB received`,
  );

  // The thread carries the file, byte-equal.
  const detail = await api<{ replies: { attachments: { name: string; path: string }[] }[] }>(token, '/communication/getById', {
    id: thread.id,
  });
  const attachment = detail.replies[0]!.attachments[0]!;
  expect(attachment.name).toBe('drawings.pdf');
  expect((await downloaded(token, attachment.path)).equals(content)).toBe(true);
  return { patches, refused };
}

test('a 30 MB upload cut in the middle resumes from its offset; the bid service receives under 40 MB', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page);
  await cutAndResume(page, page, 'no worker');
});

test('the same cut with the service worker controlling the page: resumed from its offset, under 40 MB, byte-equal', async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  try {
    const page = await context.newPage();
    await login(page);
    // The portal's worker controls the page before the upload starts, and still at its end.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
    // A counter in the worker of the PATCHes its fetch handler is given.
    const [worker] = context.serviceWorkers();
    await worker!.evaluate(() => {
      const scope = self as unknown as {
        tusPatches: number;
        addEventListener: (type: 'fetch', listener: (event: { request: Request }) => void) => void;
      };
      scope.tusPatches = 0;
      scope.addEventListener('fetch', (event) => {
        if (event.request.method === 'PATCH') scope.tusPatches += 1;
      });
    });
    const { patches, refused } = await cutAndResume(page, context, 'worker on');
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${service.url}/sw.js`);
    // Every PATCH, the refused ones too, went through the worker's fetch handler, which let it go
    // to the network as the page's request (none is the worker's own fetch).
    expect(await worker!.evaluate(() => (self as unknown as { tusPatches: number }).tusPatches)).toBe(patches.length + refused);
    expect(patches.filter((p) => p.fromWorker)).toEqual([]);
  } finally {
    await context.close();
  }
});

test("bytes damaged on the way are refused by the bid service's SHA-256 and sent again whole: the stored file is the one chosen", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await login(page);
  const content = pattern(3 * MB);
  const digest = createHash('sha256').update(content).digest('hex');
  const completions: { sha256?: string }[] = [];
  let patches = 0;
  await page.route(
    (url) => url.pathname.startsWith(`${BASE_PATH}${TUS_PATH}/`),
    async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      patches += 1;
      if (patches !== 2) return route.continue();
      // One byte of the second part flipped between the phone and the bid service.
      const body = Buffer.from(request.postDataBuffer()!);
      body[100] = body[100]! ^ 0xff;
      return route.continue({ postData: body });
    },
  );
  page.on('request', (request) => {
    if (request.url().endsWith('/file/tusComplete')) completions.push(request.postDataJSON() as { sha256?: string });
  });

  await page.goto(`${service.url}/platform/communicateRecord/new`);
  const topic = `传输受损 ${Date.now()}`;
  await page.locator('#new-communication-priority').selectOption('high');
  await page.locator('#new-communication-topic').fill(topic);
  await page.locator('#new-communication-content').fill('附件在传输中损坏一个字节。');
  await page.locator('input[type="file"]').setInputFiles({ name: 'damaged.pdf', mimeType: 'application/pdf', buffer: content });
  await page.locator('form button[type="submit"]').click();

  const token = await tokenOf(page);
  const thread = await sentThread(token, topic);
  // Both completions carried the digest of the chosen bytes: the first was refused, the second stored.
  expect(completions.map((c) => c.sha256)).toEqual([digest, digest]);
  // The whole file went again from its first byte: 3 parts, then 3 more.
  expect(patches).toBe(6);
  const detail = await api<{ replies: { attachments: { path: string }[] }[] }>(token, '/communication/getById', { id: thread.id });
  const stored = await downloaded(token, detail.replies[0]!.attachments[0]!.path);
  expect(createHash('sha256').update(stored).digest('hex')).toBe(digest);
});
