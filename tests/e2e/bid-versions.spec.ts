import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { at, checkScreens, widths, type Language } from './axe-support';
import { ownBidService, type OwnBidService } from './bid-service';
import {
  actionOf,
  apiSession,
  fillBid,
  login,
  operator,
  outboxCount,
  recordOf as rowOf,
  sha256,
  type OperatorRecord,
} from './tender-support';

/**
 * A submitted bid replaced and withdrawn from the portal before the cut-off, in the built portal
 * against the real bid service: the replacement written offline (the page's context offline),
 * sent once the connection is back and received once, as one new version with its receipt; and
 * a withdrawal that returns the record to where a new bid may be submitted, with its receipt.
 */
const SUPPLIER = 'demo_a104';
const CERTIFICATES = ['营业执照', 'ISO 9001 质量管理体系认证'];

test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
let op: ReturnType<typeof operator>;

test.beforeAll(async () => {
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  op = operator(service);
});
test.afterAll(async () => {
  await service?.dispose();
});

type Versioned = OperatorRecord & { bids: { version: number; status: string; bidDocuments: { path: string }[] }[] };
const recordOf = (tenderNo: string) => op.record(tenderNo, SUPPLIER) as Versioned;
const detailUrl = (id: string) => `${service.url}/platform/tenderManagement/${id}`;
const region = (page: Page, name: string) => page.getByRole('region', { name });

test('demo_a104 replaces its submitted bid while offline: sent when the connection is back, received once as version 2 with its receipt', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  // The demo's record with a bid submitted on a notice still open: what a newcomer finds.
  const demo = (op.cli('list-tender-records', '--supplier', SUPPLIER) as Versioned[]).find((r) => r.status === 'bidSubmitted');
  expect(demo, 'the demo has a submitted bid before its cut-off').toBeTruthy();
  const { id, tenderNo } = demo!;
  const certificates = demo!.bid!.certificates.map((group) => group.name);
  expect(demo!.bids.map((b) => [b.version, b.status])).toEqual([[1, 'standing']]);

  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(detailUrl(id));
  await region(page, '操作').getByRole('link', { name: '替换投标文件' }).click();
  await expect(page).toHaveURL(/\/bid\?replace=true$/);
  await expect(page.getByRole('heading', { level: 1, name: '替换投标文件' })).toBeVisible();
  await expect(page.getByRole('region', { name: '当前有效：第 1 版' })).toBeVisible();

  // The connection goes: the replacement is written on the device.
  await context.setOffline(true);
  const revised = { name: '投标书-修订版.pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n% revised\n'), randomBytes(300_000)]) };
  await fillBid(page, certificates, revised);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  const ask = page.getByRole('dialog', { name: '替换投标文件' });
  await expect(ask).toContainText('新版本将替换第 1 版投标文件');
  await ask.getByRole('button', { name: '提交', exact: true }).click();
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  await expect(page.getByText('已保存，联网后自动提交')).toBeVisible();
  expect(await outboxCount(page)).toBe(1);
  // Waiting on the record (a row, or its card when the list itself cannot load offline): it says
  // so and offers no second change meanwhile.
  await expect(page.getByText(/^替换投标文件：(已保存在本设备，等待发送|发送中…)$/)).toBeVisible();
  await expect(page.getByRole('button', { name: `撤回投标 ${tenderNo}`, exact: true })).toHaveAttribute('aria-disabled', 'true');
  expect(recordOf(tenderNo).bids).toHaveLength(1);

  // Back online: the engine sends it, once.
  await context.setOffline(false);
  await expect.poll(() => outboxCount(page), { timeout: 60_000, intervals: [500] }).toBe(0);
  const after = recordOf(tenderNo);
  expect(after.status).toBe('bidSubmitted');
  expect(after.bids.map((b) => [b.version, b.status])).toEqual([
    [1, 'superseded'],
    [2, 'standing'],
  ]);
  expect(sha256(op.stored(after.bid!.bidDocuments[0]!))).toBe(sha256(revised.buffer));

  // The record lists both versions and the new version's receipt.
  await page.goto(detailUrl(id));
  const versions = page.getByRole('table', { name: '投标版本' });
  await expect(versions.getByRole('row').filter({ hasText: '第 2 版' })).toContainText('当前有效');
  await expect(versions.getByRole('row').filter({ hasText: '第 1 版' })).toContainText('已被替换');
  const receipts = region(page, '提交回执');
  await expect(receipts.getByText('投标文件（第 2 版）')).toHaveCount(1);
  await expect(receipts.getByText('投标文件（第 1 版）')).toHaveCount(1);
  await expect(receipts.getByTitle(sha256(revised.buffer))).toBeVisible();

  // Its receipt checks on /verify with the connection gone (the keys were read with the record).
  await context.setOffline(true);
  await receipts.getByRole('listitem').filter({ hasText: '投标文件（第 2 版）' }).getByRole('link', { name: '核验回执' }).click();
  const valid = page.getByRole('region', { name: '回执有效：由采购方系统签名' });
  await expect(valid).toContainText('投标文件（第 2 版）');
  await expect(valid).toContainText(tenderNo);
  await context.setOffline(false);
});

test('demo_a104 withdraws a bid from the list: the record is back to 保证金已确认, with the withdrawal receipt', async ({ page }) => {
  test.setTimeout(180_000);
  const notice = op.publish(
    `撤回投标 ${Date.now()}`,
    CERTIFICATES.flatMap((name) => ['--certificate', name]),
  );
  // Set up through the calls (not what is tested here): a record with a bid submitted.
  const supplier = await apiSession(service, SUPPLIER);
  const record = await supplier.signUp(notice.id);
  await supplier.payDeposit(record.id, 20000);
  op.cli('confirm-deposit', '--id', record.id);
  await supplier.submitBid(record.id, CERTIFICATES);

  await login(page, service.url, SUPPLIER);
  await page.goto(`${service.url}/platform/tenderManagement?tenderId=${record.id}`);
  await expect(rowOf(page, notice.tenderNo).getByText('已投标', { exact: true })).toBeVisible();
  // The app's own list, not the server's render it takes over: a tap on the latter opens no dialog.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await actionOf(page, '撤回投标', notice.tenderNo).click();
  const ask = page.getByRole('dialog', { name: '撤回投标' });
  await expect(ask).toContainText('已缴纳的保证金不受影响');
  await ask.getByRole('button', { name: '撤回', exact: true }).click();
  await expect(rowOf(page, notice.tenderNo).getByText('保证金已确认', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(recordOf(notice.tenderNo)).toMatchObject({ status: 'depositConfirmed', bid: null });
  expect(recordOf(notice.tenderNo).bids.map((b) => b.status)).toEqual(['withdrawn']);
  await expect.poll(() => outboxCount(page)).toBe(0);

  await page.goto(detailUrl(record.id));
  await expect(region(page, '提交回执').getByText('撤回投标（第 1 版）')).toBeVisible();
  await expect(region(page, '投标文件').getByText('投标文件已撤回，可在截止时间前重新提交。')).toBeVisible();
  // A new bid may be submitted again; neither change is offered without one.
  await expect(region(page, '操作').getByRole('link', { name: '上传投标文件及物料清单' })).toBeVisible();
  await expect(region(page, '操作').getByRole('button', { name: '撤回投标' })).toHaveCount(0);
});

/** The withdrawal's button as each language names it. */
const WITHDRAW: Record<Language['code'], string> = { 'zh-CN': '撤回投标', en: 'Withdraw bid', vie: 'Rút hồ sơ dự thầu' };

test('the record with its bid versions, the bid page replacing a bid and the withdrawal dialog pass axe in zh-CN, en and vie on a 360×800 phone', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const phone = widths.find((width) => width.phone)!;
  const record = (op.cli('list-tender-records', '--supplier', SUPPLIER) as Versioned[]).find(
    (r) => r.status === 'bidSubmitted' && r.bids.length > 1,
  );
  expect(record, 'the replaced demo bid').toBeTruthy();
  await page.setViewportSize(phone.viewport);
  await login(page, service.url, SUPPLIER);
  const withdrawDialog = async (p: Page, language: Language) => {
    await p.locator('main').getByRole('button', { name: WITHDRAW[language.code], exact: true }).first().click();
    await expect(p.getByRole('dialog')).toBeVisible();
  };
  await checkScreens(
    page,
    [
      at(detailUrl(record!.id), undefined, 'the record with its bid versions'),
      at(`${detailUrl(record!.id)}/bid?replace=true`, undefined, 'the bid page replacing a bid'),
      at(detailUrl(record!.id), withdrawDialog, 'the withdrawal dialog'),
    ],
    phone,
  );
});
