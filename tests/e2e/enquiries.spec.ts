import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type BrowserType, type Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import writeExcelFile from 'write-excel-file/node';
import { LETTER_COLUMNS, LETTER_SHEET, LETTER_TABLE_HEADER_ROW } from '../../contract/inquiry-letter';
import { ownBidService, type OwnBidService } from './bid-service';
import { chooser, login, operator, outboxCount, persistedDetail } from './tender-support';
import { launchProfile } from './support';

/**
 * A supplier's price enquiry in the built portal against the real bid service and the buyer's
 * operator CLI: the letter template downloaded, filled with a library and read back into the
 * form, a quote, a second bargaining round started from the first round's prices; a quote
 * written with the bid service stopped that survives a browser restart and is applied once;
 * and a waiting quote that meets a new round, stops with its message and is copied into it.
 */
const SUPPLIER = 'demo_a104';

const LINES = [
  {
    materialNo: 'E2E-KL-175',
    name: '牛卡纸 175g',
    specification: '幅宽 2200mm',
    unit: '吨',
    brand: '玖龙',
    quantity: '120',
    expectedPrice: '3900',
    packageSpecification: '卷装',
  },
  {
    materialNo: 'E2E-CM-120',
    name: '瓦楞原纸 120g',
    specification: '幅宽 2200mm',
    unit: '吨',
    brand: '理文',
    quantity: '80.5',
    packageSpecification: '卷装',
  },
  {
    materialNo: 'E2E-ST-01',
    name: '玉米淀粉',
    specification: '工业级 25kg',
    unit: '袋',
    brand: '',
    quantity: '300',
    packageSpecification: '25 kg/袋',
  },
];

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

interface Created {
  id: string;
  enquiryNo: string;
}
interface QuoteRound {
  round: number;
  quotes: {
    supplier: string;
    currency: string;
    total: string;
    letter: { name: string } | null;
    lines: { materialNo: string; price: string }[];
  }[];
}

const createEnquiry = (theme: string) =>
  op.cli(
    'create-enquiry',
    '--theme',
    `${theme} ${Date.now()}`,
    '--suppliers',
    SUPPLIER,
    '--lines',
    JSON.stringify(LINES),
    '--hours',
    '48',
  ) as Created;
const roundsOf = (enquiry: Created) => (op.cli('list-quotes', '--id', enquiry.id) as { rounds: QuoteRound[] }).rounds;
const quotesIn = (enquiry: Created, round: number) => roundsOf(enquiry).find((r) => r.round === round)?.quotes ?? [];
const pricesOf = (quote: QuoteRound['quotes'][number]) => Object.fromEntries(quote.lines.map((l) => [l.materialNo, l.price]));

const detailUrl = (enquiry: Created) => `${service.url}/platform/bargaining/${enquiry.id}`;
const priceInput = (page: Page, line: (typeof LINES)[number]) =>
  page.getByLabel(`回复价格 ${line.materialNo} ${line.name}`, { exact: true });
const quoteForm = (page: Page, round: number) => page.getByRole('form', { name: `第 ${round} 轮报价` });

const openProfile = (chromium: BrowserType, dir?: string): Promise<{ context: BrowserContext; page: Page; dir: string }> =>
  launchProfile(chromium, { prefix: 'portal-enquiry-profile-', scratch, dir });

/** Fills the quote form by hand: the currency first, then a price per line. */
async function fillQuote(page: Page, prices: Record<string, string>) {
  await page.getByLabel(/^币种/).selectOption('CNY');
  for (const line of LINES) await priceInput(page, line).fill(prices[line.materialNo]!);
}

async function submitQuote(page: Page, round: number) {
  await quoteForm(page, round).getByRole('button', { name: '提交报价' }).click();
  await page.getByRole('dialog', { name: '提交报价' }).getByRole('button', { name: '提交', exact: true }).click();
}

test('the template is downloaded, filled and read back into the quote; round 2 starts from round 1 and is quoted again', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const enquiry = createEnquiry('年度原纸询价');
  await login(page, service.url, SUPPLIER);

  // The list finds it; its row opens the detail.
  await page.goto(`${service.url}/platform/bargaining?q=${enquiry.enquiryNo}`);
  await page.getByRole('link', { name: enquiry.enquiryNo }).first().click();
  await expect(page).toHaveURL(detailUrl(enquiry));
  await expect(page.getByText(LINES[0]!.name).first()).toBeVisible();

  // The template, a real .xlsx of this enquiry's lines, filled as a supplier does in Excel.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '下载询价函模板' }).click()]);
  const rows = await readSheet(await download.path());
  const header = rows[LETTER_TABLE_HEADER_ROW - 1]!;
  expect(header).toHaveLength(LETTER_COLUMNS.length);
  const materialAt = LETTER_COLUMNS.indexOf('materialNo');
  const priceAt = LETTER_COLUMNS.indexOf('replyPrice');
  const lineRows = rows.slice(LETTER_TABLE_HEADER_ROW);
  expect(lineRows.map((r) => r[materialAt])).toEqual(LINES.map((l) => l.materialNo));
  const letterPrices: Record<string, number> = { 'E2E-KL-175': 3850.5, 'E2E-CM-120': 3120, 'E2E-ST-01': 96.456 };
  for (const row of lineRows) row[priceAt] = letterPrices[String(row[materialAt])]!;
  const dir = mkdtempSync(join(tmpdir(), 'inquiry-letter-'));
  scratch.push(dir);
  const filled = join(dir, `询价函-${enquiry.enquiryNo}.xlsx`);
  await writeExcelFile(rows as never, { sheet: LETTER_SHEET }).toFile(filled);

  // The currency first; then the letter's prices go into the form, normalised to two decimals.
  await page.getByLabel(/^币种/).selectOption('CNY');
  await chooser(page, '询价函（可选） 选择询价函').setInputFiles(filled);
  await expect(priceInput(page, LINES[0]!)).toHaveValue('3850.50');
  await expect(priceInput(page, LINES[1]!)).toHaveValue('3120.00');
  await expect(priceInput(page, LINES[2]!)).toHaveValue('96.46');
  // 120 x 3850.50 + 80.5 x 3120.00 + 300 x 96.46 = 462,060.00 + 251,160.00 + 28,938.00
  await expect(page.getByText('¥742,158.00').first()).toBeVisible();
  await submitQuote(page, 1);
  await expect(page.getByText('第 1 轮报价已提交')).toBeVisible({ timeout: 30_000 });

  const [round1] = quotesIn(enquiry, 1);
  expect(pricesOf(round1!)).toEqual({ 'E2E-KL-175': '3850.50', 'E2E-CM-120': '3120.00', 'E2E-ST-01': '96.46' });
  expect(round1!.total).toBe('742158.00');
  expect(round1!.letter?.name).toBe(`询价函-${enquiry.enquiryNo}.xlsx`);

  // The buyer bargains: round 2, with target prices. The form starts from round 1's prices.
  op.cli('open-round', '--id', enquiry.id, '--hours', '24', '--target-prices', JSON.stringify({ 'E2E-KL-175': '3700' }));
  await page.reload();
  await expect(quoteForm(page, 2)).toBeVisible();
  await expect(priceInput(page, LINES[0]!)).toHaveValue('3850.50');
  await expect(priceInput(page, LINES[2]!)).toHaveValue('96.46');
  await expect(page.getByText('第 1 轮报价明细').first()).toBeVisible();

  await page.getByLabel(/^币种/).selectOption('CNY');
  await priceInput(page, LINES[0]!).fill('');
  await priceInput(page, LINES[0]!).pressSequentially('3720');
  // The total follows the keys, a frame after each digit shows: 120 x 3720 + 251,160.00 + 28,938.00.
  await expect(page.getByText('¥726,498.00').first()).toBeVisible();
  await priceInput(page, LINES[0]!).blur();
  await expect(priceInput(page, LINES[0]!)).toHaveValue('3720.00');
  await submitQuote(page, 2);
  await expect(page.getByText('第 2 轮报价已提交')).toBeVisible({ timeout: 30_000 });
  const [round2] = quotesIn(enquiry, 2);
  expect(pricesOf(round2!)).toEqual({ 'E2E-KL-175': '3720.00', 'E2E-CM-120': '3120.00', 'E2E-ST-01': '96.46' });
  expect(quotesIn(enquiry, 1)).toHaveLength(1);
});

test('a quote submitted with the bid service stopped survives a browser restart and is applied once', async ({ playwright }) => {
  test.setTimeout(240_000);
  const enquiry = createEnquiry('离线报价');
  const first = await openProfile(playwright.chromium);
  let { context, page } = first;
  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(detailUrl(enquiry));
  await expect(page.getByText(LINES[0]!.name).first()).toBeVisible();
  await expect.poll(() => persistedDetail(page, enquiry.id)).toBe(true);

  await service.stop();
  await fillQuote(page, { 'E2E-KL-175': '3800', 'E2E-CM-120': '3100.5', 'E2E-ST-01': '95' });
  await submitQuote(page, 1);
  await expect(page.getByText('第 1 轮报价已保存在本设备，联网后自动提交')).toBeVisible();
  expect(await outboxCount(page)).toBe(1);
  await context.close();

  // The browser comes back while the bid service is still gone: the quote still waits, readable.
  ({ context, page } = await openProfile(playwright.chromium, first.dir));
  await page.goto(detailUrl(enquiry));
  await expect(page.getByText('第 1 轮报价已保存在本设备，联网后自动提交')).toBeVisible({ timeout: 20_000 });
  expect(await outboxCount(page)).toBe(1);

  await service.start();
  await page.reload();
  await expect.poll(() => quotesIn(enquiry, 1).length, { timeout: 60_000, intervals: [1000] }).toBe(1);
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);
  // Sent by this tab ("submitted"), or before the screen came up (the round says it was answered).
  await expect(page.getByText(/第 1 轮报价已提交|本轮已报价，提交后不能修改/).first()).toBeVisible({ timeout: 30_000 });
  expect(pricesOf(quotesIn(enquiry, 1)[0]!)).toEqual({ 'E2E-KL-175': '3800.00', 'E2E-CM-120': '3100.50', 'E2E-ST-01': '95.00' });
  expect(quotesIn(enquiry, 1)).toHaveLength(1);
  await context.close();
});

test('a quote that waited while the buyer opened a new round stops with the message, needs attention, and is mended in the new round: applied once', async ({
  playwright,
}) => {
  test.setTimeout(240_000);
  const enquiry = createEnquiry('议价轮次变更');
  const { context, page } = await openProfile(playwright.chromium);
  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  await page.goto(detailUrl(enquiry));
  await expect(page.getByText(LINES[0]!.name).first()).toBeVisible();
  await expect.poll(() => persistedDetail(page, enquiry.id)).toBe(true);

  await service.stop();
  await fillQuote(page, { 'E2E-KL-175': '3811', 'E2E-CM-120': '3111', 'E2E-ST-01': '91.1' });
  await submitQuote(page, 1);
  await expect(page.getByText('第 1 轮报价已保存在本设备，联网后自动提交')).toBeVisible();
  // The buyer opens round 2 meanwhile (the CLI works on the database while the service is down).
  op.cli('open-round', '--id', enquiry.id, '--hours', '24');

  await service.start();
  await page.reload();
  await expect(page.getByText(/第 1 轮报价未被受理：采购方已发起新一轮议价/)).toBeVisible({ timeout: 60_000 });
  expect(roundsOf(enquiry).flatMap((r) => r.quotes)).toHaveLength(0);
  expect(await outboxCount(page)).toBe(1);
  // Refused, it will never go by waiting: the header counts it as needing attention, not as waiting.
  await expect(page.locator('[data-testid=attention-count]:visible')).toHaveText('1 条需要处理');
  await expect(page.locator('[data-testid=pending-count]:visible')).toHaveCount(0);

  // Nothing typed is lost: its prices go into round 2's form, to be checked and sent in its place.
  await expect(quoteForm(page, 2)).toBeVisible();
  // Round 2's form holds nothing typed yet, so the copy asks no confirmation.
  await page.getByRole('button', { name: '将这些价格复制到第 2 轮' }).click();
  await expect(page.getByText('已将 3 个价格复制到第 2 轮，请核对后提交')).toBeVisible();
  await expect(priceInput(page, LINES[0]!)).toHaveValue('3811.00');
  await expect(priceInput(page, LINES[2]!)).toHaveValue('91.10');
  await page.getByLabel(/^币种/).selectOption('CNY');
  await submitQuote(page, 2);
  await expect.poll(() => quotesIn(enquiry, 2).length, { timeout: 30_000, intervals: [1000] }).toBe(1);
  expect(pricesOf(quotesIn(enquiry, 2)[0]!)).toEqual({ 'E2E-KL-175': '3811.00', 'E2E-CM-120': '3111.00', 'E2E-ST-01': '91.10' });
  expect(quotesIn(enquiry, 1)).toHaveLength(0);
  // Mended, not queued beside it: nothing is left on the device, nothing needs attention.
  await expect.poll(() => outboxCount(page)).toBe(0);
  await expect(page.locator('[data-testid=attention-count]:visible')).toHaveCount(0);
  await context.close();
});
