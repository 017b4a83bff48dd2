import { expect, test, type Page } from '@playwright/test';
import { message } from '../../contract/messages';
import { cli, cookieNames, creditCode, unique, waitForCode } from './support';

const demo = { a101: 'demo_a101', a104: 'demo_a104', a141: 'demo_a141', password: 'Demo1234' };

async function login(page: Page, username: string, password: string) {
  await field(page, '账号').fill(username);
  await field(page, '密码').fill(password);
  await page.getByRole('button', { name: '进入工作台' }).click();
}

/** A text input by its accessible name (the required marker is not part of it). */
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const menu = (page: Page) => page.getByRole('navigation', { name: '主菜单' });

/** Changes the logged-in supplier's password on 修改密码 (the portal then asks for a new login). */
async function changePassword(page: Page, current: string, next: string) {
  await menu(page).getByRole('link', { name: '修改密码' }).click();
  await field(page, '当前密码').fill(current);
  await field(page, '新密码').fill(next);
  await field(page, '确认新密码').fill(next);
  await page.getByRole('button', { name: '确认修改' }).click();
}

test('a new supplier registers with a licence file, the operator approves it, it logs in and sees its menus', async ({
  page,
  browser,
  request,
}) => {
  const id = unique();
  const username = `sup_${id}`;
  const phone = `139${String(Date.now()).slice(-8)}`;

  await page.goto('/login');
  await page.getByRole('link', { name: '注册' }).click();
  await expect(page).toHaveURL(/\/register/);
  // The address changes before the screen does: the login form's own 账号 field may still be there.
  await expect(page.getByRole('heading', { level: 1, name: '供应商注册' })).toBeVisible();

  await field(page, '账号').fill(username);
  await field(page, '密码').fill('Passw0rd');
  await field(page, '确认密码').fill('Passw0rd');
  await field(page, '供应商名称').fill(`测试包装材料有限公司 ${id}`);
  await field(page, '统一社会信用代码').fill(creditCode());
  await field(page, '法定代表人').fill('王测试');
  await field(page, '成立日期').fill('2015-06-01');
  await field(page, '注册资本').fill('500');
  await field(page, '注册地址').fill('广东省东莞市测试路 1 号');
  await field(page, '联系人').fill('李联系');
  await field(page, '联系电话').fill(phone);
  await field(page, '电子邮箱').fill(`${id}@example.com`);
  await field(page, '账户名称').fill(`测试包装材料有限公司 ${id}`);
  await field(page, '银行账号').fill('6222020200012345678');
  await field(page, '开户银行').fill('中国工商银行东莞分行');
  await page.getByRole('combobox', { name: '结算币种' }).selectOption('CNY');
  // The counterpart account is suggested from the buyer's staff of the chosen base and department.
  await page.getByRole('combobox', { name: '生产基地' }).selectOption('DG');
  await page.getByRole('combobox', { name: '对接部门' }).selectOption('DG-PUR');
  await expect(page.locator('#supplier-counterparts option')).toHaveCount(2);
  await expect(page.locator('#supplier-counterparts option').first()).toHaveAttribute('value', 'zhangwei.dg');
  await page.getByRole('combobox', { name: '对接人账号' }).fill('lina.dg');

  // Bad input first: nothing is sent, the form says what is wrong and keeps what was typed.
  await field(page, '联系电话').fill('12345');
  await field(page, '银行账号').fill('6222 ABCD 0001');
  await field(page, '密码').fill('');
  await field(page, '确认密码').fill('');
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText(message('phoneInvalid', 'zh-CN')).first()).toBeVisible();
  await expect(page.getByText(message('bankAccountInvalid', 'zh-CN')).first()).toBeVisible();
  // Both passwords empty: each is asked for, the confirmation too.
  await expect(field(page, '确认密码')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, '供应商名称')).toHaveValue(`测试包装材料有限公司 ${id}`);
  await field(page, '联系电话').fill(phone);
  await field(page, '银行账号').fill('6222 0202 0001 2345 678');
  await field(page, '密码').fill('Passw0rd');
  await field(page, '确认密码').fill('Passw0rd');

  // The licence is a scan or a photo: a text file (even named .pdf) is refused before it is uploaded.
  await page
    .getByLabel('营业执照')
    .setInputFiles({ name: 'licence-copy.pdf', mimeType: 'application/pdf', buffer: Buffer.from('营业执照') });
  await expect(page.getByText(`文件“licence-copy.pdf”无法上传：${message('licenceTypeInvalid', 'zh-CN')}`)).toBeVisible();
  await page
    .getByLabel('营业执照')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 licence') });
  await expect(page.getByText('licence.pdf').first()).toBeVisible();

  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('注册成功').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  // A new registration is A101: only the menus that status allows.
  await login(page, username, 'Passw0rd');
  await expect(page).toHaveURL(/\/platform\/home/);
  await expect(menu(page).getByRole('link', { name: '首页' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '投标管理' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: '询价议价' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: '沟通记录' })).toHaveCount(0);

  // The operator approves the supplier (A104): after a fresh login every menu shows.
  cli('set-status', username, 'A104');
  await page.context().clearCookies();
  await page.goto('/login');
  await login(page, username, 'Passw0rd');
  await expect(page).toHaveURL(/\/platform\/home/);
  for (const entry of ['首页', '投标管理', '询价议价', '沟通记录', '参观申请', '供应商信息', '修改密码']) {
    await expect(menu(page).getByRole('link', { name: entry })).toBeVisible();
  }

  // Its registration is there to edit, with the licence it uploaded.
  await menu(page).getByRole('link', { name: '供应商信息' }).click();
  await expect(field(page, '供应商名称')).toHaveValue(`测试包装材料有限公司 ${id}`);
  await expect(page.getByText('licence.pdf').first()).toBeVisible();

  // It edits its information: a bad email is refused in place, a good one is saved and stays.
  await field(page, '电子邮箱').fill('not-an-email');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(message('emailInvalid', 'zh-CN')).first()).toBeVisible();
  await field(page, '电子邮箱').fill(`sales-${id}@example.com`);
  await field(page, '注册地址').fill('广东省东莞市新址路 8 号');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await page.reload();
  await expect(field(page, '电子邮箱')).toHaveValue(`sales-${id}@example.com`);
  await expect(field(page, '注册地址')).toHaveValue('广东省东莞市新址路 8 号');

  // Someone else guesses its password five times: the account is closed to unknown devices,
  // the right password too, but not to the device it logged in on (its device cookie).
  for (let i = 0; i < 5; i++) {
    const guess = await request.post('/bid-web/bid-service/supplier/login', { data: { username, password: `Wrong${i}99` } });
    expect(((await guess.json()) as { code: string }).code).toBe('E400');
  }
  const elsewhere = await browser.newContext();
  const stranger = await elsewhere.newPage();
  await stranger.goto('/login');
  await login(stranger, username, 'Passw0rd');
  await expect(stranger.getByText(message('tooManyAttempts', 'zh-CN')).first()).toBeVisible();
  await elsewhere.close();
  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  // The form that follows a logout can lose what is typed in its first moments: type until it keeps it.
  await expect(async () => {
    await field(page, '账号').fill(username);
    await field(page, '密码').fill('Passw0rd');
    await expect(field(page, '账号')).toHaveValue(username, { timeout: 1000 });
  }).toPass();
  await page.getByRole('button', { name: '进入工作台' }).click();
  await expect(page).toHaveURL(/\/platform\/home/);
});

test('menus follow the supplier status, and a forbidden screen opened by URL shows 403', async ({ page }) => {
  await page.goto('/login');
  await login(page, demo.a141, demo.password);
  await expect(page).toHaveURL(/\/platform\/home/);
  await expect(menu(page).getByRole('link', { name: '投标管理' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '询价议价' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: '沟通记录' })).toHaveCount(0);
  await page.goto('/platform/communicateRecord');
  await expect(page).toHaveURL(/\/error\/403/);
});

test('a supplier changes its password, must log in again, and logs out with a confirmation', async ({ page }) => {
  await page.goto('/login');
  await login(page, demo.a104, demo.password);
  await menu(page).getByRole('link', { name: '修改密码' }).click();
  await field(page, '当前密码').fill(demo.password);
  await field(page, '新密码').fill(demo.password);
  await field(page, '确认新密码').fill(demo.password);
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText(message('passwordSameAsOld', 'zh-CN')).first()).toBeVisible();

  await field(page, '新密码').fill('Changed99');
  await field(page, '确认新密码').fill('Changed99');
  await page.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('修改成功，请重新登录').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);

  await login(page, demo.a104, demo.password);
  await expect(page.getByText(message('loginFailed', 'zh-CN')).first()).toBeVisible();
  await login(page, demo.a104, 'Changed99');
  await expect(page).toHaveURL(/\/platform\/home/);

  // Put the demo password back for the other tests, then log out.
  await changePassword(page, 'Changed99', demo.password);
  await expect(page).toHaveURL(/\/login/);
  await login(page, demo.a104, demo.password);
  await expect(page).toHaveURL(/\/platform\/home/);

  await page.getByRole('button', { name: '退出登录' }).click();
  await page.getByRole('dialog', { name: '退出登录' }).getByRole('button', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login/);
  const left = await cookieNames(page);
  expect(left).not.toContain('token');
  expect(left).not.toContain('auth');
});

test('a deep link without a session goes to login and comes back after it', async ({ page }) => {
  await page.goto('/platform/supplierInfoManagement');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fplatform%2FsupplierInfoManagement/);
  await expect(page.getByText('请先登录').first()).toBeVisible();
  await login(page, demo.a101, demo.password);
  await expect(page).toHaveURL(/\/platform\/supplierInfoManagement/);
  await expect(field(page, '供应商名称')).not.toHaveValue('');
});

test('a session the bid service ended shows the timeout message and returns to login with the original path', async ({ page }) => {
  await page.goto('/login');
  await login(page, demo.a101, demo.password);
  await expect(page).toHaveURL(/\/platform\/home/);
  // The buyer's operator ends the supplier's sessions; the device still holds its cookies.
  cli('revoke-sessions', '--supplier', demo.a101);
  expect(await cookieNames(page)).toContain('token');
  await page.goto('/platform/visitorApplyNew');
  await expect(page.getByText(message('unauthorized', 'zh-CN')).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fplatform%2FvisitorApplyNew/);
});

test('a forged token logs the user out', async ({ page }) => {
  await page.goto('/login');
  await login(page, demo.a101, demo.password);
  await expect(page).toHaveURL(/\/platform\/home/);
  const context = page.context();
  const cookies = (await context.cookies()).map((c) => (c.name === 'token' ? { ...c, value: 'revoked-or-forged' } : c));
  await context.clearCookies();
  await context.addCookies(cookies);
  await page.goto('/platform/supplierInfoManagement');
  await expect(page).toHaveURL(/\/login/);
  expect(await cookieNames(page)).not.toContain('auth');
});

test('a forgotten password is reset with a code sent to the phone', async ({ page }) => {
  const phone = '13800000141'; // the demo A141 supplier's phone (server/seed/suppliers.ts)
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码？' }).click();
  await expect(page).toHaveURL(/\/forgetPassword/);
  await page.getByRole('radio', { name: '手机' }).check();
  await field(page, '手机号码').fill(phone);
  const asked = new Date();
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重发/ })).toBeDisabled();
  await field(page, '验证码').fill(await waitForCode(phone, { after: asked }));
  await field(page, '新密码').fill('Reset2026');
  await field(page, '确认新密码').fill('Reset2026');
  await page.getByRole('button', { name: '重置密码' }).click();
  await expect(page).toHaveURL(/\/login/);
  await login(page, demo.a141, 'Reset2026');
  await expect(page).toHaveURL(/\/platform\/home/);

  // Put the demo password back for the other tests.
  await changePassword(page, 'Reset2026', demo.password);
  await expect(page).toHaveURL(/\/login/);
});

test('switching to English and Vietnamese translates the screen and survives a reload', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await expect(page.getByRole('tab', { name: 'Bidding information' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Bidding information' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

  await page.getByRole('combobox', { name: 'Language' }).selectOption('vie');
  await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(page.getByRole('tab', { name: 'Thông tin đấu thầu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Thông tin đấu thầu' })).toBeVisible();
  // Server messages follow the language too.
  await field(page, 'Tài khoản').fill('nobody_here');
  await field(page, 'Mật khẩu').fill('Wrong123');
  await page.getByRole('button', { name: 'Vào bàn làm việc' }).click();
  await expect(page.getByText(message('loginFailed', 'vie')).first()).toBeVisible();
});
