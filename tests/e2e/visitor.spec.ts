import { execFileSync } from 'node:child_process';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { waitForCode } from './support';

/**
 * The gate visitor flow offline: the visitor gets the door-opening QR online; at
 * the gate the bid service is unreachable, and a reload still shows the QR with its validity;
 * the visitor information filled there waits in the outbox and is applied once when the bid
 * service is back. The seed approves a visit for this phone, named 访客演示.
 */
const PHONE = '13900000001';

test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
let context: BrowserContext;
let page: Page;
/** Answers of the bid service to the save call, as the page saw them. */
const saves: { status: number; code: string }[] = [];

function cli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'server/cli.ts', ...args], {
    env: { ...process.env, DATA_DIR: service.dataDir, PORT: String(service.port) },
    encoding: 'utf8',
  });
}

test.beforeAll(async ({ browser }) => {
  // E2E_STATIC_DIR lets an engineer run this against a build of their own; `npm test` serves dist.
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  // A phone: this flow is used at a factory gate.
  context = await browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' });
  page = await context.newPage();
  page.on('response', (res) => {
    if (!res.url().endsWith('/h5/savePersonnelEntity')) return;
    void res
      .json()
      .then((body: { code: string }) => saves.push({ status: res.status(), code: body.code }))
      .catch(() => saves.push({ status: res.status(), code: '' }));
  });
});

test.afterAll(async () => {
  await context?.close();
  await service?.dispose();
});

test('online: phone, code and the QR with who, where and until when', async () => {
  await page.goto(`${service.url}/visitLogin`);
  // The worker must control the page before the bid service goes, or the reload has no shell.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });

  await page.getByRole('textbox', { name: /^手机号码/ }).fill(PHONE);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await page.getByRole('textbox', { name: /^验证码/ }).fill(await waitForCode(PHONE, { dir: service.dataDir }));
  await page.getByRole('button', { name: '获取通行码' }).click();

  const qr = page.getByRole('img', { name: '访客演示 的开门二维码' });
  await expect(qr).toBeVisible();
  // Big enough to scan from a phone screen.
  expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(240);
  await expect(page.getByTestId('pass-validity')).toHaveAttribute('data-validity', 'valid');
  await expect(page.getByText('东莞生产基地')).toBeVisible();
});

test('offline at the gate: a reload still shows the QR and its validity', async () => {
  await service.stop();
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('img', { name: '访客演示 的开门二维码' })).toBeVisible();
  const validity = page.getByTestId('pass-validity');
  await expect(validity).toHaveAttribute('data-validity', 'valid');
  await expect(validity).toContainText(/有效期至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  await expect(page.getByText(PHONE, { exact: true })).toBeVisible();
});

test('visitor information filled offline waits, then is applied once when the bid service is back', async () => {
  test.setTimeout(120_000);
  await page.getByRole('link', { name: '填写访客信息' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '访客信息' })).toBeVisible();
  // The dictionaries were kept on the device when the pass was fetched.
  await page.getByRole('combobox', { name: /^性别/ }).selectOption({ label: '女' });
  await page.getByRole('combobox', { name: /^证件类型/ }).selectOption({ label: '护照' });
  await page.getByRole('textbox', { name: /^证件号码/ }).fill('E12345678');
  await page
    .getByRole('group', { name: /是否用餐/ })
    .getByLabel('是')
    .check();
  await page.getByRole('combobox', { name: /^用餐类型/ }).selectOption({ label: '素食' });
  await page
    .getByRole('group', { name: /是否住宿/ })
    .getByLabel('否')
    .check();
  await page.getByRole('button', { name: '提交访客信息' }).click();

  await expect(page.getByText('已保存，将自动重试提交')).toBeVisible();
  const pending = page.locator('[data-testid=pending-count]:visible');
  await expect(pending).toHaveText('1 条待发送');
  expect(saves.filter((s) => s.code === 'E000')).toHaveLength(0);

  await service.start();
  // The engine retries on its backoff timer (at most a few seconds after this short outage).
  await expect(page.getByText('提交成功')).toBeVisible({ timeout: 60_000 });
  await expect(pending).toHaveCount(0);

  const stored = JSON.parse(cli('get-visitor-person', '--phone', PHONE)) as { person: Record<string, unknown> | null };
  expect(stored.person).toMatchObject({
    name: '访客演示',
    gender: 'F',
    certificateType: 'PASSPORT',
    certificateNo: 'E12345678',
    phone: PHONE,
    meal: true,
    mealType: 'VEG',
    lodging: false,
  });
  // Once: one accepted answer, nothing left to send after a reload.
  expect(saves.filter((s) => s.code === 'E000')).toHaveLength(1);
  await page.reload();
  await expect(page.getByRole('textbox', { name: /^证件号码/ })).toHaveValue('E12345678');
  // The outbox is empty after the reload (the positive signal), so nothing more can go.
  await page.goto(`${service.url}/pending`);
  await expect(page.getByText('没有待发送的内容')).toBeVisible();
  expect(saves.filter((s) => s.code === 'E000')).toHaveLength(1);
});
