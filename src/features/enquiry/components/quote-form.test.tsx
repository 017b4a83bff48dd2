import { message } from '@/locales/wire';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { loadDraft } from '@/offline/drafts';
import { listEntries } from '@/offline/outbox';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { toast } from '@/ui/toast';
import { quoteDraftKey } from '../quote/quote-values';
import { detail, inDays, line, quote, SERVER_NOW } from '../test/fixtures';
import { QuoteForm } from './quote-form';

const OWNER = supplierOwner('s1');
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');

const server = setupServer(
  http.get(`${bidService}/common/getSelectCodeCommonData`, () =>
    ok([
      { code: 'CNY', label: '人民币' },
      { code: 'USD', label: '美元' },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// An enquiry of its own per test: a draft one test leaves behind (saved on unmount) never meets another.
let serial = 0;
let ID = 'e1';
beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  logIn('s1');
  ID = `q${++serial}`;
});
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

const enquiryOf = (overrides: Partial<EnquiryDetail> = {}) =>
  detail({ id: ID, lines: [line(1), line(2, { quantity: '2.500' })], deadline: inDays(3), ...overrides });

function renderForm(enquiry: EnquiryDetail, now = SERVER_NOW) {
  return renderScreen('/platform/bargaining/e', () => <QuoteForm enquiry={enquiry} supplierId="s1" serverNow={() => now} />, ['/pending']);
}

const priceOf = (materialNo: string) => screen.getByLabelText(new RegExp(`^回复价格 ${materialNo}`)) as HTMLInputElement;
const currency = () => screen.getByLabelText(/^币种/) as HTMLSelectElement;
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function chooseCurrency(user: ReturnType<typeof userEvent.setup>, code = 'CNY') {
  await screen.findByRole('option', { name: code === 'CNY' ? '人民币' : '美元' });
  await user.selectOptions(currency(), code);
}

describe('QuoteForm', () => {
  it('asks for the currency first: until it is chosen the prices cannot be typed and say why', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/^回复价格 M-001/);
    expect(input).toHaveProperty('readOnly', true);
    expect(input.getAttribute('placeholder')).toBe(zh('currencyFirst'));
    expect(errorOf(input)).toContain(zh('currencyFirst'));
    await user.type(input, '12');
    expect(input).toHaveProperty('value', '');
    // Submitting without it names it and takes the focus there.
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await waitFor(() => expect(document.activeElement).toBe(currency()));
    expect(errorOf(currency())).toContain(zh('currencyFirst'));

    await chooseCurrency(user);
    expect(priceOf('M-001')).toHaveProperty('readOnly', false);
    await user.type(priceOf('M-001'), '12');
    expect(priceOf('M-001')).toHaveProperty('value', '12');
    await waitFor(() => expect(errorOf(currency())).not.toContain(zh('currencyFirst')));
  });

  it('updates line amounts and the total (two decimals, thousands separators) as it types, padded on blur', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    await chooseCurrency(user);
    await user.type(priceOf('M-001'), '12.5');
    // 12.5 × 12,000
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('¥150,000.00'));
    await waitFor(() => expect(screen.getByTestId('quote-priced').textContent).toBe('1 / 2 行'));
    await user.type(priceOf('M-002'), '0.333');
    // Cut to two decimals while typing: 0.33 × 2.5 = 0.825 → 0.83 (half up), total 150,000.83
    expect(priceOf('M-002')).toHaveProperty('value', '0.33');
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('¥150,000.83'));
    await user.tab();
    expect(priceOf('M-002')).toHaveProperty('value', '0.33');
    await user.click(priceOf('M-001'));
    await user.tab();
    expect(priceOf('M-001')).toHaveProperty('value', '12.50');
    await waitFor(() => expect(screen.getByTestId('quote-priced').textContent).toBe('2 / 2 行'));
  });

  it('refuses empty and zero prices, says how many lines miss one and leads to the first', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    await chooseCurrency(user);
    await user.type(priceOf('M-001'), '0');
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain(`${zh('priceRequired')}：还有 2 行价格为空或为 0`);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(errorOf(priceOf('M-001'))).toContain(zh('priceRequired'));
    expect(errorOf(priceOf('M-002'))).toContain(zh('priceRequired'));
    expect(priceOf('M-001')).toHaveProperty('value', '0.00');
    await user.click(within(summary).getByRole('link', { name: '转到第 1 行（M-001）' }));
    expect(document.activeElement).toBe(priceOf('M-001'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);

    await user.clear(priceOf('M-001'));
    await user.type(priceOf('M-001'), '3');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('还有 1 行'));
  });

  it('confirms ("no editing after submitting"), then queues the quote and gives way to it; the draft is cleared', async () => {
    const info = vi.spyOn(toast, 'info');
    const enquiry = enquiryOf();
    renderForm(enquiry);
    const user = userEvent.setup();
    await chooseCurrency(user);
    await user.type(priceOf('M-001'), '1.5');
    await user.type(priceOf('M-002'), '100');
    await user.type(screen.getByLabelText(/^备注/), '含运费');
    await waitFor(async () => expect(await loadDraft(OWNER, quoteDraftKey(ID, 1))).not.toBeNull());

    await user.click(screen.getByRole('button', { name: '提交报价' }));
    // The confirmation's code loads on its first use.
    let ask = await screen.findByRole('dialog', { name: '提交报价' }, { timeout: 5000 });
    expect(ask.textContent).toContain('共 2 行物料，合计 ¥18,250.00。');
    expect(ask.textContent).toContain('提交后不能修改，确定提交吗？');
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await listEntries([OWNER])).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '提交报价' }));
    ask = await screen.findByRole('dialog', { name: '提交报价' });
    await user.click(within(ask).getByRole('button', { name: '提交' }));
    await waitFor(async () => expect(await listEntries([OWNER])).toHaveLength(1));
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      call: 'enquiryQuote',
      thread: `enquiry:${ID}:1`,
      deadline: Date.parse(enquiry.deadline),
      payload: {
        enquiryId: ID,
        round: 1,
        currency: 'CNY',
        taxIncluded: true,
        deliveryDate: '2030-07-15',
        remark: '含运费',
        lines: [
          { lineId: 'l1', price: '1.50' },
          { lineId: 'l2', price: '100.00' },
        ],
        letter: [],
      },
    });
    // The waiting quote stands where the form was: one quote per round.
    const note = await screen.findByTestId('quote-entry');
    expect(note.textContent).toContain('第 1 轮报价已保存在本设备，联网后自动提交');
    expect(screen.queryByRole('button', { name: '提交报价' })).toBeNull();
    expect(info).toHaveBeenCalledWith(navigator.onLine ? '正在提交' : '已保存，联网后自动提交', { key: 'outbox' });
    await waitFor(async () => expect(await loadDraft(OWNER, quoteDraftKey(ID, 1))).toBeNull());
    // The confirmation closes after its delay; one left open would stand before the next test's.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('starts a new round from the latest quotation and shows the change against it', async () => {
    renderForm(
      enquiryOf({
        round: 2,
        lines: [line(1, { latestQuotation: '10.00', quantity: '1.000' }), line(2, { latestQuotation: '4.00', quantity: '1.000' })],
        quotes: [quote(1, { l1: '10.00', l2: '4.00' })],
      }),
    );
    const user = userEvent.setup();
    expect(await screen.findByDisplayValue('10.00')).toBe(priceOf('M-001'));
    expect(currency().value).toBe('CNY');
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('¥14.00'));
    await user.clear(priceOf('M-001'));
    await user.type(priceOf('M-001'), '9');
    expect(priceOf('M-001').closest('[role="listitem"]')!.textContent).toContain('降低 10.00%');
    // The quote as a whole: 13.00 against 14.00.
    await waitFor(() => expect(screen.getByTestId('quote-change').textContent).toContain('降低 7.14%'));
  });

  it('shows why instead of the form: quoted already, past the deadline by the bid service clock, closed', async () => {
    const view = renderForm(enquiryOf({ replyStatus: 'replied' }));
    expect(await screen.findByText(zh('quoteAlreadySubmitted'))).toBeTruthy();
    expect(screen.queryByLabelText(/^币种/)).toBeNull();
    view.unmount();

    // The device thinks there is time; the bid service's clock says the deadline passed.
    const late = renderForm(enquiryOf({ deadline: inDays(1) }), SERVER_NOW + 2 * 86_400_000);
    expect(await screen.findByText(zh('pastDeadline'))).toBeTruthy();
    late.unmount();

    renderForm(enquiryOf({ businessStatus: 'cancelled' }));
    expect(await screen.findByText(zh('enquiryClosed'))).toBeTruthy();
  });

  it('restores its draft on return (per supplier, enquiry and round)', async () => {
    const enquiry = enquiryOf();
    const first = renderForm(enquiry);
    const user = userEvent.setup();
    await chooseCurrency(user, 'USD');
    await user.type(priceOf('M-002'), '7.25');
    await waitFor(async () =>
      expect((await loadDraft<{ prices: Record<string, string> }>(OWNER, quoteDraftKey(ID, 1)))?.values.prices.l2).toBe('7.25'),
    );
    first.unmount();

    renderForm(enquiry);
    await waitFor(() => expect(priceOf('M-002')).toHaveProperty('value', '7.25'));
    expect(currency().value).toBe('USD');
    expect(screen.getByText('已恢复本设备上保存的草稿（不含询价函文件）')).toBeTruthy();
    // The other round's form has a draft of its own.
    expect(await loadDraft(OWNER, quoteDraftKey(ID, 2))).toBeNull();
  });

  it('requires the delivery date (prefilled from the enquiry)', async () => {
    renderForm(enquiryOf());
    const user = userEvent.setup();
    await chooseCurrency(user);
    expect(screen.getByLabelText(/^交货日期/)).toHaveProperty('value', '2030-07-15');
    fireEvent.change(screen.getByLabelText(/^交货日期/), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^交货日期/)));
    expect(errorOf(screen.getByLabelText(/^交货日期/))).toContain(zh('required'));
  });

  it('says at once that a currency the dictionary does not list is refused, and does not queue it', async () => {
    // Asked in EUR, which the currency dictionary does not list: offered (as its code), not accepted.
    renderForm(enquiryOf({ currency: 'EUR' }));
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '人民币' });
    expect(errorOf(currency())).not.toContain(zh('choiceInvalid'));
    await user.selectOptions(currency(), 'EUR');
    await waitFor(() => expect(errorOf(currency())).toContain(zh('choiceInvalid')));
    expect(currency().getAttribute('aria-invalid')).toBe('true');
    await user.type(priceOf('M-001'), '1.5');
    await user.type(priceOf('M-002'), '100');

    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await waitFor(() => expect(document.activeElement).toBe(currency()));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);

    await chooseCurrency(user, 'USD');
    await waitFor(() => expect(errorOf(currency())).not.toContain(zh('choiceInvalid')));
  });

  it('starts a later round in its last currency and flags it once the dictionary no longer lists it', async () => {
    renderForm(enquiryOf({ round: 2, quotes: [quote(1, { l1: '10.00', l2: '4.00' }, { currency: 'EUR' })] }));
    expect(await screen.findByRole('option', { name: '人民币' })).toBeTruthy();
    expect(currency().value).toBe('EUR');
    await waitFor(() => expect(errorOf(currency())).toContain(zh('choiceInvalid')));
  });

  it('leaves the currency to the bid service while the dictionary is not loaded (offline)', async () => {
    server.use(http.get(`${bidService}/common/getSelectCodeCommonData`, () => HttpResponse.error()));
    renderForm(enquiryOf({ currency: 'EUR' }));
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'EUR' });
    await user.selectOptions(currency(), 'EUR');
    await user.type(priceOf('M-001'), '1.5');
    await user.type(priceOf('M-002'), '100');
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    const ask = await screen.findByRole('dialog', { name: '提交报价' }, { timeout: 5000 });
    expect(errorOf(currency())).not.toContain(zh('choiceInvalid'));
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
