import { rmSync } from 'node:fs';
import { expect, test, type BrowserType, type Page } from '@playwright/test';
import { ownBidService, type OwnBidService } from './bid-service';
import { apiSession, login, operator, outboxCount, sha256 } from './tender-support';
import { launchProfile, waitForCode } from './support';

/**
 * A supplier's visit application in the built portal against the real bid service and the
 * buyer's operator CLI: two visitors with a labour contract, a typed file and insurance; the
 * buyer approves; a visitor gets the door QR at /visitLogin with the notifier's code; the home
 * page tells of the approval and of the returned demo application. Then an application written
 * with the bid service stopped survives a browser restart and is applied once, byte-equal.
 */
const SUPPLIER = 'demo_a104';

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

interface ListedApplication {
  id: string;
  visitNo: string;
  reviewStatus: string;
  relatedProject: string;
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n${'x'.repeat(2000)}\n%%EOF\n`);
const applicationsOf = (project: string) =>
  (op.cli('list-visit-applications', '--supplier', SUPPLIER) as ListedApplication[]).filter((a) => a.relatedProject === project);

/** A select's first real option, once its options have loaded (dictionaries, bases, departments). */
async function chooseFirst(page: Page, id: string) {
  const select = page.locator(`#${id}`);
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  const value = await select.locator('option').nth(1).getAttribute('value');
  await select.selectOption(value!);
}

interface Files {
  labourContract: Buffer;
  plan: Buffer;
}

/** Fills every required field of the form for two visitors, the first insured; answers nothing itself. */
async function fillApplication(page: Page, o: { project: string; phones: [string, string]; files: Files }) {
  await page.locator('#visit-intention').selectOption('AUDIT');
  await page.locator('#visit-entryMethod').selectOption('CAR');
  await page.locator('#visit-startDate').fill(day(3));
  await page.locator('#visit-endDate').fill(day(4));
  await chooseFirst(page, 'visit-productionBase');
  await chooseFirst(page, 'visit-department');
  await page.getByLabel('接待人').fill('王经理');
  await page.getByLabel('关联项目').fill(o.project);
  await page.getByLabel('来访事由').fill('年度质量体系审核');
  await page
    .locator('#visit-labourContract')
    .setInputFiles({ name: '劳务合同.pdf', mimeType: 'application/pdf', buffer: o.files.labourContract });

  const visitor = async (index: number, name: string, certificateNo: string, phone: string) => {
    const card = page.getByRole('group', { name: new RegExp(`^来访人员 ${index + 1}`) });
    await card.getByLabel('姓名').fill(name);
    await page.locator(`#visit-visitors-${index}-gender`).selectOption('M');
    await page.locator(`#visit-visitors-${index}-certificateType`).selectOption('PASSPORT');
    await card.getByLabel('证件号码').fill(certificateNo);
    await card.getByLabel('手机号').fill(phone);
    await card
      .getByRole('radiogroup', { name: /是否住宿/ })
      .getByLabel('否')
      .check();
    await card
      .getByRole('radiogroup', { name: /是否用餐/ })
      .getByLabel('否')
      .check();
  };
  await visitor(0, '张工', 'E12345678', o.phones[0]);
  await page.getByRole('button', { name: '添加来访人员' }).click();
  // The new visitor's name takes the focus: typed straight away.
  await expect(page.locator('#visit-visitors-1-name')).toBeFocused();
  await visitor(1, '李工', 'E87654321', o.phones[1]);

  await page.getByRole('button', { name: '添加文件' }).click();
  await page.locator('#visit-files-0-type').selectOption('PLAN');
  await page.locator('#visit-files-0-file').setInputFiles({ name: '施工方案.pdf', mimeType: 'application/pdf', buffer: o.files.plan });

  await page.getByLabel('保险公司').fill('中国平安');
  await page.locator('#visit-insurance-type').selectOption('ACCIDENT');
  await page.getByLabel('保单号').fill('PA-2026-0001');
  await page.getByRole('textbox', { name: '工种', exact: true }).fill('审核');
  await page.locator('#visit-insurance-currency').selectOption('CNY');
  await page.getByLabel('保险金额').fill('500000');
  await page.getByLabel('投保日期').fill(day(-1));
  await page
    .getByRole('radiogroup', { name: /是否已投保/ })
    .getByLabel('是')
    .check();
  await page
    .getByRole('radiogroup', { name: /是否有社保/ })
    .getByLabel('否')
    .check();
  await page.getByRole('checkbox', { name: /张工/ }).check();
  await page.getByLabel('张工 的投保工种').fill('审核员');
}

async function submit(page: Page) {
  await page.getByRole('button', { name: '提交申请' }).click();
  const dialog = page.getByRole('dialog', { name: '提交参观申请' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '提交', exact: true }).click();
  await page.waitForURL(/\/platform\/visitorApplyNew$/);
}

test('apply for two visitors, the buyer approves, a visitor gets the QR, the home tells of it', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await login(page, service.url, SUPPLIER);
  await page.goto(`${service.url}/platform/visitorApplyNew/new`);

  // Submitting empty names every missing part and sends nothing.
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText(/还有 \d+ 处需要填写或更正/)).toBeVisible();
  await expect(page.getByText('请上传劳务合同')).toBeVisible();
  await expect(page.locator('#visit-intention')).toBeFocused();

  const project = `E2E-VISIT-${Date.now()}`;
  const files = { labourContract: pdf('labour contract'), plan: pdf('work plan') };
  const phones: [string, string] = ['13712340001', '13712340002'];
  await fillApplication(page, { project, phones, files });
  // The same phone twice is refused in place, before anything is sent.
  await page
    .getByRole('group', { name: /^来访人员 2/ })
    .getByLabel('手机号')
    .fill(phones[0]);
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.locator('#visit-visitors-1-phone-error')).toBeVisible();
  await page
    .getByRole('group', { name: /^来访人员 2/ })
    .getByLabel('手机号')
    .fill(phones[1]);
  await submit(page);

  await expect.poll(() => applicationsOf(project).length, { timeout: 30_000 }).toBe(1);
  const [created] = applicationsOf(project);
  await expect(page.getByRole('link', { name: created!.visitNo })).toBeVisible({ timeout: 20_000 });

  // Stored byte-equal, with the insurance and the typed file.
  const supplier = await apiSession(service, SUPPLIER);
  const stored = await supplier.visitApplication(created!.id);
  expect(stored).toMatchObject({
    reviewStatus: 'pending',
    visitorCount: 2,
    insurance: { insuredPersons: [{ certificateNo: 'E12345678', job: '审核员' }] },
  });
  expect(sha256(op.stored(stored.labourContract[0]!))).toBe(sha256(files.labourContract));
  expect(stored.files.map((f) => f.type)).toEqual(['PLAN']);
  expect(sha256(op.stored(stored.files[0]!.file))).toBe(sha256(files.plan));

  op.cli('review-visit-application', '--id', created!.id, '--approve');
  await page.getByRole('link', { name: created!.visitNo }).click();
  await expect(page.getByText('已通过').first()).toBeVisible();

  // The home: the approval as an unread message, and the demo application the buyer returned as a to-do.
  await page.goto(`${service.url}/platform/home`);
  const messages = page.getByRole('region', { name: /^消息中心/ });
  await expect(messages.getByRole('row').filter({ hasText: created!.visitNo }).filter({ hasText: '参观申请已通过审核' })).toBeVisible();
  const todos = page.getByRole('region', { name: /^待办事项/ });
  await expect(todos.getByRole('cell', { name: /^参观申请被退回（原因：/ })).toBeVisible();

  // The visitor at the gate: their own phone, the notifier's code, the QR.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const gate = await phone.newPage();
  await gate.goto(`${service.url}/visitLogin`);
  // No wait for the app: what is typed and tapped on the prerendered form is handed over to it.
  await gate.getByRole('textbox', { name: /^手机号码/ }).fill(phones[1]);
  await gate.getByRole('button', { name: '获取验证码' }).click();
  await gate.getByRole('textbox', { name: /^验证码/ }).fill(await waitForCode(phones[1], { dir: service.dataDir }));
  await gate.getByRole('button', { name: '获取通行码' }).click();
  await expect(gate.getByRole('img', { name: '李工 的开门二维码' })).toBeVisible();
  await phone.close();
  await context.close();
});

const openProfile = (chromium: BrowserType, dir?: string) => launchProfile(chromium, { prefix: 'portal-visit-profile-', scratch, dir });

test('an application written with the bid service stopped survives a browser restart and is applied once', async ({ playwright }) => {
  test.setTimeout(240_000);
  const first = await openProfile(playwright.chromium);
  let { context, page } = first;
  await login(page, service.url, SUPPLIER);
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 30_000 });
  // Dictionaries, bases and departments are read once online (kept by the worker and the cache).
  await page.goto(`${service.url}/platform/visitorApplyNew/new`);
  await chooseFirst(page, 'visit-productionBase');
  await chooseFirst(page, 'visit-department');
  await page.locator('#visit-productionBase').selectOption('');

  await service.stop();
  const project = `E2E-OFFLINE-${Date.now()}`;
  const files = { labourContract: pdf('offline labour contract'), plan: pdf('offline plan') };
  await fillApplication(page, { project, phones: ['13712340011', '13712340012'], files });
  await submit(page);
  await expect(
    page
      .getByRole('region', { name: '待提交的参观申请' })
      .or(page.getByRole('heading', { name: '待提交的参观申请' }))
      .first(),
  ).toBeVisible();
  expect(await outboxCount(page)).toBe(1);
  await context.close();

  ({ context, page } = await openProfile(playwright.chromium, first.dir));
  await page.goto(`${service.url}/platform/visitorApplyNew`);
  await expect(page.getByRole('heading', { name: '待提交的参观申请' })).toBeVisible({ timeout: 20_000 });
  expect(await outboxCount(page)).toBe(1);

  await service.start();
  await page.reload();
  await expect.poll(() => applicationsOf(project).length, { timeout: 60_000, intervals: [1000] }).toBe(1);
  await expect.poll(() => outboxCount(page), { timeout: 10_000 }).toBe(0);
  const [created] = applicationsOf(project);
  const stored = await (await apiSession(service, SUPPLIER)).visitApplication(created!.id);
  expect(sha256(op.stored(stored.labourContract[0]!))).toBe(sha256(files.labourContract));
  expect(sha256(op.stored(stored.files[0]!.file))).toBe(sha256(files.plan));
  expect(applicationsOf(project)).toHaveLength(1);
  await context.close();
});
