import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries, listUploads } from '@/offline/outbox';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { detail, inDays, line } from '../test/fixtures';
import { QuoteForm } from './quote-form';

const OWNER = supplierOwner('s1');
// The shared workbooks of tests/fixtures (vitest runs from the project root).
const workbook = (name: string) => new File([readFileSync(resolve('tests/fixtures', name))], name);

const server = setupServer(http.get(`${bidService}/common/getSelectCodeCommonData`, () => ok([{ code: 'CNY', label: '人民币' }])));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let serial = 0;
let ID = 'l1';
beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  logIn('s1');
  ID = `letter${++serial}`;
});
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

/** The enquiry of tests/fixtures/inquiry-letter.xlsx: WL-001 to WL-008. */
const enquiryOf = (overrides: Partial<EnquiryDetail> = {}) =>
  detail({
    id: ID,
    enquiryNo: 'XJ-TEST-0001',
    deadline: inDays(3),
    lines: Array.from({ length: 8 }, (_, i) =>
      line(i + 1, { materialNo: `WL-00${i + 1}`, name: `瓦楞纸箱 ${i + 1}`, quantity: '1000.000' }),
    ),
    ...overrides,
  });

function renderForm(enquiry: EnquiryDetail) {
  return renderScreen(
    '/platform/bargaining/e',
    () => <QuoteForm enquiry={enquiry} supplierId="s1" serverNow={() => Date.parse(enquiry.serverTime)} />,
    ['/pending'],
  );
}

/**
 * Reading the workbook, the form's re-renders as it is typed into and writing the outbox entry with
 * its file are CPU work: about 4 s alone, ten times that on a loaded 2-core machine (where the 5 s
 * waits of a step, and 10 s and then 20 s limits on a test, ran out). Nothing here races: each step
 * waits for what it shows, as long as a loaded machine needs.
 */
const LOADED = { timeout: 45_000 };

const priceOf = (materialNo: string) => screen.getByLabelText(new RegExp(`^回复价格 ${materialNo}`)) as HTMLInputElement;
/** The letter's chooser, once the form is there (it waits for the outbox to be read). */
const letterInput = async () => {
  await screen.findByLabelText(/^币种/, {}, LOADED);
  return document.getElementById('quote-letter') as HTMLInputElement;
};

describe('the inquiry letter in the quote form', { timeout: 120_000 }, () => {
  it('puts the letter’s prices into the form for checking, says which rows it did not use and why, and sends the letter with the quote', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '人民币' }, LOADED);
    await user.selectOptions(screen.getByLabelText(/^币种/), 'CNY');
    await user.type(priceOf('WL-005'), '9');
    await user.upload(await letterInput(), workbook('inquiry-letter.xlsx'));

    const summary = await screen.findByText('已从询价函填入 4 个价格，请核对后再提交。', {}, LOADED);
    const box = summary.parentElement!;
    expect(priceOf('WL-001')).toHaveProperty('value', '12.50');
    expect(priceOf('WL-002')).toHaveProperty('value', '1234.50');
    expect(priceOf('WL-003')).toHaveProperty('value', '0.30');
    expect(priceOf('WL-004')).toHaveProperty('value', '3.14');
    // What the letter does not price keeps what was typed (padded when the picker took the focus).
    expect(priceOf('WL-005')).toHaveProperty('value', '9.00');
    expect(box.textContent).toContain('7 行未采用：');
    expect(box.textContent).toContain('物料编码不在本询价单中：第 17 行');
    expect(box.textContent).toContain('物料编码重复（只采用第一次出现的行）：第 18 行');
    expect(box.textContent).toContain('缺少物料编码：第 19 行');
    expect(box.textContent).toContain('回复价格不是有效价格（须大于 0，最多两位小数）：第 15和16 行');
    expect(box.textContent).toContain('回复价格为 0：第 14 行');
    expect(box.textContent).toContain('未填写回复价格：第 13 行');
    expect(box.textContent).toContain('超过两位小数的价格已四舍五入：第 12 行');
    expect(box.textContent).toContain('另有 4 行物料询价函中没有价格，请在下方填写。');

    for (const materialNo of ['WL-006', 'WL-007', 'WL-008']) await user.type(priceOf(materialNo), '1');
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await user.click(within(await screen.findByRole('dialog', { name: '提交报价' }, LOADED)).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOADED);
    await waitFor(async () => expect(await listEntries([OWNER])).toHaveLength(1), LOADED);
    const [entry] = await listEntries([OWNER]);
    expect(entry!.fileFields.map((field) => [field.field, field.uploadIds.length])).toEqual([['letter', 1]]);
    expect((await listUploads(entry!.id)).map((upload) => upload.name)).toEqual(['inquiry-letter.xlsx']);
    expect((entry!.payload.lines as { price: string }[]).map((l) => l.price)).toEqual([
      '12.50',
      '1234.50',
      '0.30',
      '3.14',
      '9.00',
      '1.00',
      '1.00',
      '1.00',
    ]);
  });

  it('attaches an .xls unread and says so; refuses a file that is not a workbook', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    await user.upload(await letterInput(), workbook('bom.xls'));
    expect(await screen.findByText(/^\.xls 文件无法在浏览器中读取/, {}, LOADED)).toBeTruthy();
    expect(screen.getByRole('list', { name: '已选附件' }).textContent).toContain('bom.xls');

    await user.click(screen.getByRole('button', { name: '移除 bom.xls' }));
    await user.upload(await letterInput(), new File(['%PDF-1.7 not a workbook'], 'letter.xlsx'));
    expect(await screen.findByText(/询价函须为 \.xls 或 \.xlsx 文件/, {}, LOADED)).toBeTruthy();
    expect(screen.queryByRole('list', { name: '已选附件' })).toBeNull();
  });

  it('puts nothing in from the letter of another enquiry', async () => {
    renderForm(enquiryOf({ enquiryNo: 'XJ-OTHER' }));
    await userEvent.setup().upload(await letterInput(), workbook('inquiry-letter.xlsx'));
    expect(
      await screen.findByText('该询价函属于询价单 XJ-TEST-0001，不是本询价单，价格未填入。请移除后选择本询价单的询价函。', {}, LOADED),
    ).toBeTruthy();
    expect(priceOf('WL-001')).toHaveProperty('value', '');
  });
});
