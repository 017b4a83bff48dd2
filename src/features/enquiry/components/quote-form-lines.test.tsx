import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import type * as NumericInputModule from '@/ui/numeric-input';
import { detail, inDays, line, SERVER_NOW } from '../test/fixtures';
import { QuoteForm } from './quote-form';
import { LINES_PER_BLOCK, priceInputId } from './quote-lines';
import { MISSING_SUMMARY_ID } from './quote-totals';

// Each line's price input counts its renders: a line renders its input once per render of its own.
const renders = vi.hoisted(() => new Map<string, number>());
vi.mock('@/ui/numeric-input', async (importOriginal) => {
  const actual = await importOriginal<typeof NumericInputModule>();
  return {
    ...actual,
    NumericInput: (props: Parameters<typeof actual.NumericInput>[0]) => {
      renders.set(props.id, (renders.get(props.id) ?? 0) + 1);
      return actual.NumericInput(props);
    },
  };
});

const server = setupServer(http.get(`${bidService}/common/getSelectCodeCommonData`, () => ok([{ code: 'CNY', label: '人民币' }])));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
let serial = 0;
beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
  logIn('s1');
  renders.clear();
});
afterEach(async () => {
  server.resetHandlers();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

const LINES = 60;
const materialNo = (n: number) => `M-${String(n).padStart(3, '0')}`;
// By id: label and role queries walk the accessibility tree of every line (slow in jsdom); the labels are checked once.
const priceOf = (n: number) => document.getElementById(priceInputId(`l${n}`)) as HTMLInputElement;
const rendersOf = (n: number) => renders.get(priceInputId(`l${n}`)) ?? 0;

/** The currency first (by id and change event: role queries over 60 lines are slow in jsdom). */
async function chooseCurrency() {
  const select = await waitFor(() => {
    const el = document.getElementById('quote-currency') as HTMLSelectElement | null;
    expect(el?.querySelector('option[value=CNY]')).toBeTruthy();
    return el!;
  });
  fireEvent.change(select, { target: { value: 'CNY' } });
  await waitFor(() => expect(priceOf(1).readOnly).toBe(false));
}

function renderLongForm() {
  const enquiry = detail({
    id: `long${++serial}`,
    lines: Array.from({ length: LINES }, (_, i) => line(i + 1, { quantity: '1.000' })),
    deadline: inDays(3),
  });
  return renderScreen('/platform/bargaining/e', () => <QuoteForm enquiry={enquiry} supplierId="s1" serverNow={() => SERVER_NOW} />, [
    '/pending',
  ]);
}

// Sixty lines render slowly in jsdom on a busy 2-core machine (5 to 9 s a test there).
describe('a quote form of many lines', { timeout: 40_000 }, () => {
  it('a keystroke renders the line typed in (and the totals), never the other lines', async () => {
    renderLongForm();
    const user = userEvent.setup();
    await chooseCurrency();
    const before = Array.from({ length: LINES }, (_, i) => rendersOf(i + 1));
    expect(Math.min(...before)).toBeGreaterThan(0);

    await user.type(priceOf(30), '12.5');
    expect(priceOf(30).value).toBe('12.5');
    await waitFor(() => expect(screen.getByTestId('quote-total').textContent).toBe('¥12.50'));
    await waitFor(() => expect(screen.getByTestId('quote-priced').textContent).toBe(`1 / ${LINES} 行`));
    // Four keys (and the click's focus): line 30 rendered once per key, no other line at all.
    expect(rendersOf(30) - before[29]!).toBeGreaterThanOrEqual(4);
    expect(rendersOf(30) - before[29]!).toBeLessThanOrEqual(6);
    const others = Array.from({ length: LINES }, (_, i) => i + 1).filter((n) => n !== 30);
    expect(others.filter((n) => rendersOf(n) !== before[n - 1])).toEqual([]);
  });

  it('keeps every line in one list, in blocks, with Tab going from line to line across blocks', async () => {
    renderLongForm();
    const user = userEvent.setup();
    await chooseCurrency();
    const list = document.querySelector<HTMLElement>('[role=list][aria-label="物料行"]')!;
    const items = [...list.querySelectorAll('[role=listitem]')];
    expect(items).toHaveLength(LINES);
    expect(items[0]!.textContent).toContain(materialNo(1));
    expect(screen.getByLabelText(`回复价格 ${materialNo(LINES)} 五层瓦楞纸箱 ${LINES}`)).toBe(priceOf(LINES));
    expect(items[LINES - 1]!.textContent).toContain(materialNo(LINES));
    // Each says its place and the list's length (a block off screen is not in the accessibility tree).
    expect([items[29]!.getAttribute('aria-posinset'), items[29]!.getAttribute('aria-setsize')]).toEqual(['30', String(LINES)]);
    // Blocks of 25, each holding its lines in order.
    expect(list.querySelectorAll('[data-line-block]')).toHaveLength(Math.ceil(LINES / LINES_PER_BLOCK));
    expect(priceOf(LINES_PER_BLOCK).closest('[data-line-block]')).not.toBe(priceOf(LINES_PER_BLOCK + 1).closest('[data-line-block]'));

    priceOf(LINES_PER_BLOCK).focus();
    await user.tab();
    expect(document.activeElement).toBe(priceOf(LINES_PER_BLOCK + 1));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(priceOf(LINES_PER_BLOCK));
  });

  it('after a submit without prices, shows the error on each line and leads to the first one missing, in a later block', async () => {
    renderLongForm();
    const user = userEvent.setup();
    await chooseCurrency();
    // The first block priced, and the second's first five lines.
    for (let n = 1; n <= LINES_PER_BLOCK + 5; n++) fireEvent.change(priceOf(n), { target: { value: '1' } });
    const first = LINES_PER_BLOCK + 6;
    await user.click(screen.getByRole('button', { name: '提交报价' }));
    await waitFor(() => expect(document.getElementById(MISSING_SUMMARY_ID)).not.toBeNull());
    const summary = document.getElementById(MISSING_SUMMARY_ID)!;
    expect(summary.getAttribute('role')).toBe('alert');
    expect(summary.textContent).toContain(`还有 ${LINES - first + 1} 行价格为空或为 0`);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(priceOf(first).getAttribute('aria-invalid')).toBe('true');
    expect(priceOf(LINES).getAttribute('aria-invalid')).toBe('true');
    expect(priceOf(first - 1).getAttribute('aria-invalid')).toBeNull();
    await user.click(within(summary).getByText(`转到第 ${first} 行（${materialNo(first)}）`));
    expect(document.activeElement).toBe(priceOf(first));
  });
});
