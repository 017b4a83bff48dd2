import { BASE_PATH, HEADER, TUS_PATH } from '../../contract/http';
import { expect, test, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';

/**
 * A 30 MB attachment whose upload is cut in the middle resumes from the offset the bid service
 * acknowledged (tus): the service receives the file once, not twice (under 40 MB in total).
 * The cut: once 15 MB went through, every PATCH is aborted until the upload gave up (its quick
 * retries spent); the sync engine's backoff then resumes it with HEAD → PATCH from the offset.
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
// The tus requests must be seen by page.route, not answered inside the service worker.
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
  const res = await fetch(`${service.url}${BASE_PATH}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', [HEADER.token]: token }, body: JSON.stringify(body) });
  const envelope = (await res.json()) as { code: string; data: T };
  expect(envelope.code).toBe('E000');
  return envelope.data;
}

test('a 30 MB upload cut in the middle resumes from its offset; the bid service receives under 40 MB', async ({ page }) => {
  test.setTimeout(240_000);
  const patches: { offset: number; bytes: number; afterCut: boolean }[] = [];
  let cut = false;
  let resumed = false;
  let refused = 0;
  await page.route(
    (url) => url.pathname.startsWith(`${BASE_PATH}${TUS_PATH}/`),
    async (route) => {
      const request = route.request();
      if (request.method() === 'PATCH') {
        if (cut) {
          refused += 1;
          return route.abort('connectionreset');
        }
        const bytes = request.postDataBuffer()?.length ?? 0;
        patches.push({ offset: Number(request.headers()['upload-offset']), bytes, afterCut: resumed });
        if (!resumed && patches.reduce((sum, p) => sum + p.bytes, 0) >= CUT_AFTER_BYTES) cut = true;
      }
      return route.continue();
    },
  );

  await login(page);
  await page.goto(`${service.url}/platform/communicateRecord/new`);
  const topic = `断点续传 ${Date.now()}`;
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

  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  let thread: { id: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await api<{ records: { id: string; topic: string }[] }>(token, '/communication/listByPage', { pageNo: 1, pageSize: 50 });
        thread = list.records.find((r) => r.topic === topic);
        return Boolean(thread);
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toBe(true);

  const after = patches.filter((p) => p.afterCut);
  // Resumed where the bid service stopped, not from byte 0.
  expect(after[0]?.offset).toBe(acknowledged);
  const received = patches.reduce((sum, p) => sum + p.bytes, 0);
  expect(received).toBeGreaterThanOrEqual(FILE_BYTES);
  expect(received).toBeLessThan(40 * MB);
  test.info().annotations.push({ type: 'figures', description: `cut at ${acknowledged} B, resumed at ${after[0]?.offset} B, ${refused} PATCHes refused, ${received} B received in total` });
  console.log(`uploads: cut at ${(acknowledged / MB).toFixed(1)} MB, resumed at ${((after[0]?.offset ?? 0) / MB).toFixed(1)} MB, ${refused} PATCHes refused, ${(received / MB).toFixed(1)} MB received`);

  // The thread carries the file, byte-equal.
  const detail = await api<{ replies: { attachments: { name: string; path: string }[] }[] }>(token, '/communication/getById', { id: thread!.id });
  const attachment = detail.replies[0]!.attachments[0]!;
  expect(attachment.name).toBe('drawings.pdf');
  const download = await fetch(`${service.url}${BASE_PATH}/file/download`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', [HEADER.token]: token },
    body: new URLSearchParams({ filePath: attachment.path }),
  });
  expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
});
