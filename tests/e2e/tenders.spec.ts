import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type BrowserType, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import {
  actionOf,
  apiSession,
  BOM_XLSX,
  chooser,
  fillBid,
  login,
  operator,
  outboxCount,
  persistedDetail,
  png,
  recordOf,
  sha256,
} from './tender-support';
import { launchProfile } from './support';

/**
 * A supplier's tender from sign-up to refund, in the built portal against the real bid service
 * and its operator CLI; then the deposit and the bid written offline (the bid service stopped),
 * surviving a browser restart and applied once; and a bid that reaches the bid service after
 * the cut-off, which stops with its message and stays on the device.
 */
const SUPPLIER = 'demo_a104';
const OTHER = 'demo_a141';
const CERTIFICATES = ['营业执照', 'ISO 9001 质量管理体系认证'];

test.describe.configure({ mode: 'serial' });

let service: OwnBidService;
let op: ReturnType<typeof operator>;
const scratch: string[] = [];

test.beforeAll(async () => {
  service = await ownBidService(process.env.E2E_STATIC_DIR ? { STATIC_DIR: process.env.E2E_STATIC_DIR } : {});
  op = operator(service);
});

test.afterAll(async () => {
  await service?.dispose();
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const certificateArgs = CERTIFICATES.flatMap((name) => ['--certificate', name]);
const publish = (title: string) => op.publish(`${title} ${Date.now()}`, certificateArgs);

const openProfile = (chromium: BrowserType, dir?: string): Promise<{ context: BrowserContext; page: Page; dir: string }> =>
  launchProfile(chromium, { prefix: 'portal-tender-profile-', scratch, dir });

const listUrl = () => `${service.url}/platform/tenderManagement`;
/** Answers the "no editing after submitting" confirmation. */
const confirmWith = (page: Page, title: string) =>
  page.getByRole('dialog', { name: title }).getByRole('button', { name: '提交', exact: true }).click();
/** The note under a record while one of its writes waits on the device (queued, or being tried). */
const waitingNote = (page: Page, tenderNo: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `查看详情 ${tenderNo}`, exact: true }) })
    .getByText(/已保存在本设备，等待发送|发送中…/);
const status = (page: Page, tenderNo: string, text: string) =>
  expect(recordOf(page, tenderNo).getByText(text, { exact: true }).first()).toBeVisible({ timeout: 30_000 });

test('a tourist who signs up on a bid detail is asked to log in and comes back to the same notice', async ({ page }) => {
  const notice = publish('游客报名');
  await page.goto(`${service.url}/bidDetail/${notice.id}`);
  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page.getByText('请先登录后再报名')).toBeVisible();
  await page.getByRole('link', { name: '去登录' }).click();
  await page.getByRole('textbox', { name: /^账号/ }).fill(SUPPLIER);
  await page.getByLabel(/^密码/).fill('Demo1234');
  await page.getByRole('button', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(new RegExp(`/bidDetail/${notice.id}$`));
  await expect(page.getByText(notice.tenderNo).first()).toBeVisible();
});

test('sign up, pay the deposit with a photo, bid with certificates and an .xlsx bill, lose, get the deposit back', async ({ page }) => {
  test.setTimeout(240_000);
  const notice = publish('保证金全流程');
  await login(page, service.url, SUPPLIER);

  // Sign up from the public detail: it lands on the record, marked.
  await page.goto(`${service.url}/bidDetail/${notice.id}`);
  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  await status(page, notice.tenderNo, '已报名');
  // Signing up twice is one record.
  await page.goto(`${service.url}/bidDetail/${notice.id}`);
  await page.getByRole('button', { name: '报名', exact: true }).click();
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  expect(op.records(notice.tenderNo)).toHaveLength(1);
  const recordId = op.record(notice.tenderNo, SUPPLIER).id;

  // Deposit: a 2,600 x 1,800 photo of the slip is compressed before it is stored.
  const photo = png(2600, 1800);
  await actionOf(page, '缴纳保证金', notice.tenderNo).click();
  const dialog = page.getByRole('dialog', { name: '缴纳保证金' });
  await dialog.getByLabel(/^保证金类型/).selectOption({ label: '银行转账' });
  await expect(dialog.getByLabel(/^缴纳金额/)).toHaveValue('20000.00');
  await dialog.getByLabel(/^付款日期/).fill(new Date().toISOString().slice(0, 10));
  await chooser(dialog, '汇款凭证 选择文件').setInputFiles({ name: '汇款凭证.png', mimeType: 'image/png', buffer: photo });
  await expect(dialog.getByRole('img', { name: /汇款凭证预览/ })).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
  await confirmWith(page, '提交保证金');
  await status(page, notice.tenderNo, '保证金待确认');
  const paid = op.record(notice.tenderNo, SUPPLIER);
  expect(paid.status).toBe('depositSubmitted');
  const slip = op.stored(paid.deposit!.remittanceSlip);
  expect(slip.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  expect(slip.length).toBeLessThan(photo.length / 4);

  // The buyer confirms it; the bid: documents, both certificates, the bill of materials read before sending.
  op.cli('confirm-deposit', '--id', recordId);
  await page.reload();
  await status(page, notice.tenderNo, '保证金已确认');
  await actionOf(page, '上传投标文件及物料清单', notice.tenderNo).click();
  const bidDocument = { name: '投标书.pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]) };
  await fillBid(page, CERTIFICATES, bidDocument);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await confirmWith(page, '提交投标文件');
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  await status(page, notice.tenderNo, '已投标');
  const bid = op.record(notice.tenderNo, SUPPLIER).bid!;
  expect(sha256(op.stored(bid.bidDocuments[0]!))).toBe(sha256(bidDocument.buffer));
  expect(bid.certificates.map((c) => c.name)).toEqual(CERTIFICATES);
  expect(sha256(op.stored(bid.billOfMaterials))).toBe(sha256(readFileSync(BOM_XLSX)));

  // The record keeps the bid service's signed receipts: the deposit, with the SHA-256 of the slip
  // as stored (the compressed photo), and the bid's first version.
  await page.goto(`${service.url}/platform/tenderManagement/${recordId}`);
  const receipts = page.getByRole('region', { name: '提交回执' });
  await expect(receipts.getByText('保证金缴纳')).toBeVisible();
  await expect(receipts.getByText('投标文件（第 1 版）')).toBeVisible();
  await expect(receipts.getByTitle(sha256(slip))).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);

  // Another supplier bids too and wins; this one loses and asks for its deposit back.
  const other = await apiSession(service, OTHER);
  const otherRecord = await other.signUp(notice.id);
  await other.payDeposit(otherRecord.id, 20000);
  op.cli('confirm-deposit', '--id', otherRecord.id);
  await other.submitBid(otherRecord.id, CERTIFICATES);
  op.cli('announce-result', '--tender-no', notice.tenderNo, '--winner', OTHER);
  await page.reload();
  await status(page, notice.tenderNo, '未中标');
  await actionOf(page, '申请退还保证金', notice.tenderNo).click();
  const refund = page.getByRole('dialog', { name: '申请退还保证金' });
  await refund.getByLabel(/^备注/).fill('请退回原付款账户');
  await refund.getByRole('button', { name: '提交申请' }).click();
  await confirmWith(page, '提交退还申请');
  await status(page, notice.tenderNo, '退款申请中');

  // The buyer refunds with a voucher; the supplier downloads it, byte for byte.
  const voucherDir = mkdtempSync(join(tmpdir(), 'voucher-'));
  scratch.push(voucherDir);
  const voucher = Buffer.concat([Buffer.from('%PDF-1.4\n% refund voucher\n'), randomBytes(50_000)]);
  writeFileSync(join(voucherDir, '退款凭证.pdf'), voucher);
  op.cli('refund-deposit', '--id', recordId, '--voucher', join(voucherDir, '退款凭证.pdf'));
  await page.reload();
  await status(page, notice.tenderNo, '已退款');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    recordOf(page, notice.tenderNo).getByRole('button', { name: '下载 退款凭证.pdf' }).click(),
  ]);
  expect(sha256(readFileSync(await download.path()))).toBe(sha256(voucher));
});

test('a deposit and a 20 MB bid written with the bid service stopped survive a browser restart and are applied once, byte-equal', async ({
  playwright,
}) => {
  test.setTimeout(300_000);
  const forDeposit = publish('离线保证金');
  const forBid = publish('离线投标');
  // Set up through the calls (not what is tested here): a sign-up, and a record whose deposit the buyer confirmed.
  const supplier = await apiSession(service, SUPPLIER);
  await supplier.signUp(forDeposit.id);
  const bidRecord = await supplier.signUp(forBid.id);
  await supplier.payDeposit(bidRecord.id, 20000);
  op.cli('confirm-deposit', '--id', bidRecord.id);

  const first = await openProfile(playwright.chromium);
  let { context, page } = first;
  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  // Seen once online: the list and the record stay readable offline.
  await page.goto(listUrl());
  await status(page, forBid.tenderNo, '保证金已确认');
  await page.goto(`${listUrl()}/${bidRecord.id}/bid`);
  await expect(page.getByText(forBid.tenderNo).first()).toBeVisible();
  await expect.poll(() => persistedDetail(page, bidRecord.id)).toBe(true);
  await page.goto(listUrl());
  await status(page, forDeposit.tenderNo, '已报名');

  await service.stop();
  const slip = Buffer.concat([Buffer.from('%PDF-1.4\n% bank guarantee\n'), randomBytes(100_000)]);
  await actionOf(page, '缴纳保证金', forDeposit.tenderNo).click();
  const dialog = page.getByRole('dialog', { name: '缴纳保证金' });
  await dialog.getByLabel(/^保证金类型/).selectOption({ label: '银行保函' });
  await dialog.getByLabel(/^付款日期/).fill(new Date().toISOString().slice(0, 10));
  await chooser(dialog, '汇款凭证 选择文件').setInputFiles({ name: '保函.pdf', mimeType: 'application/pdf', buffer: slip });
  await expect(dialog.getByText(/将提交：保函\.pdf/)).toBeVisible();
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
  await confirmWith(page, '提交保证金');
  await expect(waitingNote(page, forDeposit.tenderNo)).toBeVisible();

  const big = { name: '投标书-20MB.pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(20 * 1024 * 1024)]) };
  await page.goto(`${listUrl()}/${bidRecord.id}/bid`);
  await fillBid(page, CERTIFICATES, big);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await confirmWith(page, '提交投标文件');
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  expect(await outboxCount(page)).toBe(2);
  await context.close();

  // The browser comes back while the bid service is still gone: both wait on their records.
  ({ context, page } = await openProfile(playwright.chromium, first.dir));
  await page.goto(listUrl());
  await expect(waitingNote(page, forDeposit.tenderNo)).toBeVisible({ timeout: 20_000 });
  await expect(waitingNote(page, forBid.tenderNo)).toBeVisible();
  expect(await outboxCount(page)).toBe(2);

  await service.start();
  await page.reload();
  await expect.poll(() => op.record(forBid.tenderNo, SUPPLIER).status, { timeout: 120_000, intervals: [1000] }).toBe('bidSubmitted');
  await expect.poll(() => op.record(forDeposit.tenderNo, SUPPLIER).status, { timeout: 30_000, intervals: [1000] }).toBe('depositSubmitted');
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);

  const deposit = op.record(forDeposit.tenderNo, SUPPLIER);
  expect(deposit.deposits).toHaveLength(1);
  expect(sha256(op.stored(deposit.deposit!.remittanceSlip))).toBe(sha256(slip));
  const bid = op.record(forBid.tenderNo, SUPPLIER).bid!;
  expect(bid.bidDocuments).toHaveLength(1);
  expect(sha256(op.stored(bid.bidDocuments[0]!))).toBe(sha256(big.buffer));
  expect(sha256(op.stored(bid.billOfMaterials))).toBe(sha256(readFileSync(BOM_XLSX)));
  await context.close();
});

test('a bid that reaches the bid service after the cut-off stops with its message and stays on the device, downloadable', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const notice = publish('截止后送达');
  const supplier = await apiSession(service, SUPPLIER);
  const record = await supplier.signUp(notice.id);
  await supplier.payDeposit(record.id, 20000);
  op.cli('confirm-deposit', '--id', record.id);

  const { context, page } = await openProfile(playwright.chromium);
  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(`${listUrl()}/${record.id}/bid`);
  await expect(page.getByText(notice.tenderNo).first()).toBeVisible();
  await expect.poll(() => persistedDetail(page, record.id)).toBe(true);

  await service.stop();
  const document = { name: '迟到的投标书.pdf', buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300_000)]) };
  await fillBid(page, CERTIFICATES, document);
  await page.getByRole('button', { name: '提交', exact: true }).click();
  await confirmWith(page, '提交投标文件');
  await expect(page).toHaveURL(/\/platform\/tenderManagement\?tenderId=/);
  // The buyer closes the notice while the supplier is offline (the CLI works on the database then).
  op.cli('close-notice', '--tender-no', notice.tenderNo);

  await service.start();
  await page.goto(`${service.url}/pending`);
  const entry = page.getByRole('listitem').filter({ hasText: `提交投标文件：${notice.tenderNo}` });
  await expect(entry.getByText('当前日期已超过投标截止时间')).toBeVisible({ timeout: 90_000 });
  await expect(entry.getByText('发送失败')).toBeVisible();
  expect(op.record(notice.tenderNo, SUPPLIER).status).toBe('depositConfirmed');
  expect(await outboxCount(page)).toBe(1);

  // What the supplier wrote is still there: the bid document downloads, byte for byte.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    entry.getByRole('button', { name: `下载 ${document.name}` }).click(),
  ]);
  expect(sha256(readFileSync(await download.path()))).toBe(sha256(document.buffer));
  await context.close();
});
