import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { at, checkScreens, widths } from './axe-support';
import { ownBidService, type OwnBidService } from './bid-service';
import { launchProfile } from './support';
import { login } from './tender-support';

/**
 * Receipts as a supplier keeps and shows them (docs/decisions/receipts.md): a demo tender record's
 * bid receipt, printed on one page with its QR, checked on /verify; then, with the bid service
 * stopped and the browser restarted, still listed on /pending and still checked on /verify, and an
 * altered one refused. The screens pass axe in the three languages on a phone.
 */
test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
const scratch: string[] = [];

test.beforeAll(async () => {
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
});
test.afterAll(async () => {
  await service?.dispose();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** The first of demo_a104's tender records whose page shows a bid's receipt, opened; found through the list as a supplier would. */
async function openRecordWithBidReceipt(page: Page): Promise<void> {
  await page.goto(`${service.url}/platform/tenderManagement`);
  const links = page.locator('main a[href^="/platform/tenderManagement/"]:not([href$="/bid"])');
  await expect(links.first()).toBeVisible();
  const records = [...new Set(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')!)))];
  for (const href of records) {
    await page.goto(`${service.url}${href}`);
    await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.locator('main [aria-busy=true]')).toHaveCount(0);
    if ((await page.getByText('投标文件（第 1 版）').count()) > 0) return;
  }
  throw new Error('no demo record of demo_a104 shows a bid receipt');
}

const bidReceipt = (page: Page) => page.getByRole('listitem').filter({ hasText: '投标文件（第 1 版）' }).first();

test('a bid receipt prints on one page with its QR and checks on /verify; after a restart without the bid service, /pending still lists it and /verify still checks it, and refuses it altered', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const { context, page, dir } = await launchProfile(playwright.chromium, { prefix: 'portal-receipts-', scratch });
  await page.setViewportSize({ width: 360, height: 800 });
  await login(page, service.url, 'demo_a104');
  // The app works offline from here on (the worker controls the page).
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
  await openRecordWithBidReceipt(page);

  const receipt = bidReceipt(page);
  await receipt.getByText('回执编码').click();
  const jws = await receipt.getByRole('textbox').inputValue();
  expect(jws.split('.')).toHaveLength(3);

  // Printed: the browser's print is opened with the receipt's sheet alone on one A4 page.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
  await receipt.getByRole('button', { name: '打印回执' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const sheet = page.locator('body > .receipt-sheet');
  await expect(sheet).toHaveCount(1);
  const fileHash = await receipt.locator('[title]').first().getAttribute('title');
  expect(await sheet.textContent()).toContain(fileHash);
  expect(await sheet.getByTestId('receipt-qr').getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  const pdf = await page.pdf({ format: 'A4' });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);

  // Checked on /verify, from the receipt's own link.
  await receipt.getByRole('link', { name: '核验回执' }).click();
  await expect(page).toHaveURL(/\/verify#/);
  const valid = page.getByRole('region', { name: '回执有效：由采购方系统签名' });
  await expect(valid).toBeVisible();
  await expect(valid).toContainText('投标文件（第 1 版）');
  await context.close();

  // The bid service gone, the browser restarted.
  await service.stop();
  try {
    const offline = await launchProfile(playwright.chromium, { prefix: 'portal-receipts-', scratch, dir });
    const again = offline.page;
    await again.setViewportSize({ width: 360, height: 800 });
    await again.goto(`${service.url}/pending`);
    const history = again.getByRole('region', { name: '已送达采购方' });
    await expect(history.getByText('投标文件（第 1 版）')).toBeVisible();
    await again.goto(`${service.url}/verify#${jws}`);
    await expect(again.getByRole('region', { name: '回执有效：由采购方系统签名' })).toBeVisible();

    // An earlier time in the claims, the signature kept: refused.
    const [header, payload, signature] = jws.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { receivedAt: string };
    const earlier = Buffer.from(JSON.stringify({ ...claims, receivedAt: '2020-01-01T00:00:00.000Z' })).toString('base64url');
    await again.getByRole('textbox', { name: /^回执编码或回执文件内容/ }).fill(`${header}.${earlier}.${signature}`);
    await again.getByRole('button', { name: '核验', exact: true }).click();
    await expect(again.getByRole('alert')).toContainText('签名不符：回执的内容被改动过。');
    await offline.context.close();
  } finally {
    await service.start();
  }
});

test('/pending with what the buyer received and /verify with a valid receipt pass axe in zh-CN, en and vie on a 360×800 phone', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const phone = widths.find((width) => width.phone)!;
  const { context, page } = await launchProfile(playwright.chromium, { prefix: 'portal-receipts-', scratch });
  await page.setViewportSize(phone.viewport);
  await login(page, service.url, 'demo_a104');
  await openRecordWithBidReceipt(page);
  const receipt = bidReceipt(page);
  await receipt.getByText('回执编码').click();
  const jws = await receipt.getByRole('textbox').inputValue();
  const valid = async (p: Page) => {
    await expect(p.getByRole('region', { name: /./ }).last()).toBeVisible();
  };
  const received = async (p: Page) => {
    await expect(p.locator('#received-history')).toBeVisible();
  };
  await checkScreens(
    page,
    [
      at(`${service.url}/pending`, received, '/pending with what the buyer received'),
      at(`${service.url}/verify#${jws}`, valid, '/verify with a valid receipt'),
    ],
    phone,
  );
  await context.close();
});
