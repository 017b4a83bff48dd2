import { message } from '@/locales/wire';
import type { EnquiryDetail } from '@contract/schemas/enquiry';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { loadDraft } from '@/offline/drafts';
import { listEntries } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { queueQuote } from '../quote/queue-quote';
import * as quoteValues from '../quote/quote-values';
import { detail, inDays, line, quote } from '../test/fixtures';
import { QuoteForm } from './quote-form';

const OWNER = supplierOwner('s1');
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');

const server = setupServer(http.get(`${bidService}/common/getSelectCodeCommonData`, () => ok([{ code: 'CNY', label: '人民币' }])));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let serial = 0;
let ID = 'r1';
beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  logIn('s1');
  ID = `rounds${++serial}`;
});
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

function renderForm(enquiry: EnquiryDetail) {
  return renderScreen(
    '/platform/bargaining/e',
    () => <QuoteForm enquiry={enquiry} supplierId="s1" serverNow={() => Date.parse(enquiry.serverTime)} />,
    ['/pending'],
  );
}
const priceOf = (materialNo: string) => screen.getByLabelText(new RegExp(`^回复价格 ${materialNo}`)) as HTMLInputElement;

describe('a quote that waited while the buyer opened a new round', () => {
  const round1 = () => detail({ id: ID, enquiryNo: 'XJ2030-0009', round: 1, deadline: inDays(0.5), lines: [line(1), line(2)] });
  const round2 = () =>
    detail({
      id: ID,
      enquiryNo: 'XJ2030-0009',
      round: 2,
      deadline: inDays(2),
      lines: [line(1, { latestQuotation: '13.00' }), line(2, { latestQuotation: '4.00' })],
      quotes: [quote(1, { l1: '13.00', l2: '4.00' })],
    });

  async function refusedRound1Quote() {
    const entry = await queueQuote({
      supplierId: 's1',
      enquiry: round1(),
      values: { currency: 'CNY', taxIncluded: false, deliveryDate: '2030-07-01', remark: '含运费', prices: { l1: '11', l2: '3.5' } },
      letter: null,
    });
    await patchEntry(entry.id, (e) => ({
      ...e,
      status: 'failed',
      lastError: { code: 'E409', message: zh('roundChanged'), reason: 'roundChanged' },
    }));
    return entry;
  }

  it('shows it stopped with the server’s message, kept, and copies its prices into the new round’s form on request', async () => {
    await refusedRound1Quote();
    renderForm(round2());
    const note = await screen.findByTestId('quote-entry');
    expect(note.dataset.state).toBe('roundChanged');
    expect(note.textContent).toContain(`第 1 轮报价未被受理：${zh('roundChanged')}`);
    expect(note.textContent).toContain('报价：XJ2030-0009，第 1 轮');
    // Never applied by itself: the new round's form starts from the latest quotation.
    expect(await screen.findByDisplayValue('13.00')).toBe(priceOf('M-001'));

    const user = userEvent.setup();
    await user.click(within(note).getByRole('button', { name: '将这些价格复制到第 2 轮' }));
    await waitFor(() => expect(priceOf('M-001')).toHaveProperty('value', '11.00'));
    expect(priceOf('M-002')).toHaveProperty('value', '3.50');
    expect(screen.getByLabelText(/^备注/)).toHaveProperty('value', '含运费');
    expect(screen.getByLabelText('报价含税')).toHaveProperty('checked', false);
    expect(await screen.findByText('已将 2 个价格复制到第 2 轮，请核对后提交')).toBeTruthy();
    // Into the new round's draft; the refused quote stays until the supplier discards it.
    await waitFor(async () =>
      expect((await loadDraft<{ prices: Record<string, string> }>(OWNER, quoteDraftKeyOf(2)))?.values.prices).toEqual({
        l1: '11.00',
        l2: '3.50',
      }),
    );
    expect((await listEntries([OWNER])).map((e) => e.status)).toEqual(['failed']);

    await user.click(within(note).getByRole('button', { name: '放弃这份报价' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '放弃报价' }, { timeout: 5000 })).getByRole('button', { name: '放弃发送' }),
    );
    await waitFor(async () => expect(await listEntries([OWNER])).toEqual([]));
    await waitFor(() => expect(screen.queryByTestId('quote-entry')).toBeNull());
    // The confirmation closes after its delay; one left open would stand before the next test's.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("mends the refused quote: submitted from the new round with its copied prices, it takes the refused entry's place", async () => {
    const refused = await refusedRound1Quote();
    renderForm(round2());
    const user = userEvent.setup();
    const note = await screen.findByTestId('quote-entry');
    await user.click(within(note).getByRole('button', { name: '将这些价格复制到第 2 轮' }));
    await waitFor(() => expect(priceOf('M-001')).toHaveProperty('value', '11.00'));
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: '提交报价' }, { timeout: 5000 })).getByRole('button', { name: '提交' }),
    );

    await waitFor(async () =>
      expect((await listEntries([OWNER])).map((e) => [e.id, e.status, (e.payload as { round: number }).round])).toEqual([
        [refused.id, 'queued', 2],
      ]),
    );
    const [mended] = await listEntries([OWNER]);
    expect(mended!.idempotencyKey).not.toBe(refused.idempotencyKey);
    expect(mended!.lastError).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before replacing prices the supplier already typed', async () => {
    await refusedRound1Quote();
    renderForm(round2());
    const user = userEvent.setup();
    const input = await screen.findByDisplayValue('13.00');
    await user.clear(input);
    await user.type(input, '12');
    await user.click(screen.getByRole('button', { name: '将这些价格复制到第 2 轮' }));
    // The confirmation's code loads on its first use.
    const ask = await screen.findByRole('dialog', { name: '复制报价' }, { timeout: 5000 });
    await user.click(within(ask).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(priceOf('M-001')).toHaveProperty('value', '12.00');
  });

  it('a waiting quote of the current round takes the form’s place, with the deadline warning', async () => {
    await queueQuote({
      supplierId: 's1',
      enquiry: round1(),
      values: { currency: 'CNY', taxIncluded: true, deliveryDate: '2030-07-01', remark: '', prices: { l1: '1', l2: '2' } },
      letter: null,
    });
    renderForm(round1());
    const note = await screen.findByTestId('quote-entry');
    expect(note.dataset.state).toBe('waiting');
    // The round closes within 24 hours of the bid service's clock.
    expect(note.textContent).toContain('距截止时间不足 24 小时');
    expect(screen.queryByRole('button', { name: '提交报价' })).toBeNull();
  });

  const quoteDraftKeyOf = (round: number) => quoteValues.quoteDraftKey(ID, round);
});

describe('500 material lines', () => {
  // Role queries walk the accessibility tree of every line: this test finds its elements by id.
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

  it('typing a price re-renders that line alone (and the totals), never the other 499', async () => {
    const lines = Array.from({ length: 500 }, (_, i) => line(i + 1, { quantity: '1.000' }));
    renderForm(detail({ id: ID, round: 1, deadline: inDays(3), lines }));
    const user = userEvent.setup();
    await waitFor(() => expect(byId<HTMLSelectElement>('quote-currency')?.querySelector('option[value=CNY]')).toBeTruthy(), {
      timeout: 20_000,
    });
    fireEvent.change(byId('quote-currency'), { target: { value: 'CNY' } });
    const input = byId<HTMLInputElement>('quote-price-l250');
    await waitFor(() => expect(input.readOnly).toBe(false));
    await user.click(input);
    // Each line works out its amount when it renders; the totals add theirs inside quote-values.
    const rendered = vi.spyOn(quoteValues, 'lineAmount');
    await user.keyboard('7');
    expect(input.value).toBe('7');
    expect(rendered).toHaveBeenCalledTimes(1);
    // The totals follow after the frame that shows the digit; they render no line.
    await waitFor(() => expect(document.querySelector('[data-testid=quote-total]')?.textContent).toBe('¥7.00'));
    expect(rendered).toHaveBeenCalledTimes(1);
  }, 60_000);
});
