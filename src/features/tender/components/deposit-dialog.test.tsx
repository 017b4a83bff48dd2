import { message } from '@/locales/wire';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries, listUploads } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { queuePayDeposit } from '../api/pay-deposit';
import { logIn, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { toast, ToastHost } from '@/ui/toast';
import { SERVER_NOW, summary } from '../test/fixtures';
import { localToday } from './deposit-form-state';
import { DepositDialog } from './deposit-dialog';

const OWNER = supplierOwner('s1');
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');
// A record of its own per test: a draft one test leaves behind (saved on unmount) never meets another.
let RECORD = summary(1);
let serial = 0;

const server = setupServer(
  http.get(`${bidService}/common/getSelectCodeCommonData`, () =>
    ok([
      { code: 'transfer', label: '电汇' },
      { code: 'guarantee', label: '保函' },
      { code: 'draft', label: '汇票' },
    ]),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
function stubStorage(quota: number) {
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota, usage: 0 }), persist: async () => true },
  });
}
beforeEach(() => {
  useNodeBlobs();
  stubStorage(1e10);
  logIn('s1');
  RECORD = summary(++serial + 10, { requiredDeposit: 12000, currency: 'CNY' });
});
afterEach(async () => {
  vi.useRealTimers();
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});
afterAll(() => server.close());

function renderDialog(onClose = vi.fn(), mend?: string, clockOffset?: number) {
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DepositDialog
          open
          record={RECORD}
          supplierId="s1"
          supplierCode="GYS100001"
          mend={mend}
          clockOffset={clockOffset}
          onClose={onClose}
        />
        <ToastHost />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return Object.assign(onClose, { unmount: view.unmount });
}

const pdf = (name = '汇款单.pdf') => new File(['%PDF-1.7\n1 0 obj <<>> endobj\n'], name, { type: 'application/pdf' });
const field = (name: RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const depositDialog = () => screen.getByRole('dialog', { name: '缴纳保证金' });
const submit = () => within(depositDialog()).getByRole('button', { name: '提交' });

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('option', { name: '电汇' });
  await user.selectOptions(field(/^保证金类型/), 'transfer');
  fireEvent.change(field(/^付款日期/), { target: { value: localToday() } });
  await user.upload(field(/^汇款凭证.*选择文件/), pdf());
  await screen.findByText('将提交：汇款单.pdf（29 B）');
}

describe('DepositDialog', () => {
  it('prefills the required amount with two decimals in the notice currency', async () => {
    renderDialog();
    const amount = field(/^缴纳金额（CNY）/);
    expect(amount.value).toBe('12000.00');
    expect(errorOf(amount)).toContain('招标公告要求：');
    expect(field(/^付款日期/).max).toBe(localToday());
  });

  it('requires type, amount, date and slip: messages under the fields, focus on the first, nothing queued', async () => {
    renderDialog();
    const user = userEvent.setup();
    await user.clear(field(/^缴纳金额/));
    await user.click(submit());
    await waitFor(() => expect(document.activeElement).toBe(field(/^保证金类型/)));
    expect(errorOf(field(/^保证金类型/))).toContain(zh('required'));
    expect(errorOf(field(/^缴纳金额/))).toContain(zh('amountInvalid'));
    expect(errorOf(field(/^付款日期/))).toContain(zh('required'));
    expect(errorOf(field(/^汇款凭证.*选择文件/))).toContain(zh('required'));
    // A zero amount is no amount either.
    await user.type(field(/^缴纳金额/), '0');
    await user.tab();
    expect(field(/^缴纳金额/).value).toBe('0.00');
    expect(errorOf(field(/^缴纳金额/))).toContain(zh('amountInvalid'));
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('refuses a payment date in the future', async () => {
    renderDialog();
    const user = userEvent.setup();
    await fillValid(user);
    const tomorrow = new Date(Date.now() + 86_400_000);
    fireEvent.change(field(/^付款日期/), { target: { value: localToday(tomorrow) } });
    await user.click(submit());
    await waitFor(() => expect(errorOf(field(/^付款日期/))).toContain(zh('paymentDateFuture')));
    expect(document.activeElement).toBe(field(/^付款日期/));
    expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull();
  });

  it('refuses an amount other than the notice requires (a bank fee deducted), before anything is queued', async () => {
    renderDialog();
    const user = userEvent.setup();
    await fillValid(user);
    await user.clear(field(/^缴纳金额/));
    await user.type(field(/^缴纳金额/), '11950');
    await user.click(submit());
    await waitFor(() => expect(errorOf(field(/^缴纳金额/))).toContain(zh('depositAmountMismatch')));
    expect(document.activeElement).toBe(field(/^缴纳金额/));
    expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('asks first, then queues one entry with the slip, the deadline and the payload the bid service takes', async () => {
    const info = vi.spyOn(toast, 'info');
    const onClose = renderDialog();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    const ask = await screen.findByRole('dialog', { name: '提交保证金' });
    expect(ask.textContent).toContain('提交后不能修改，确定提交吗？');
    await user.click(within(ask).getByRole('button', { name: '提交' }));

    await waitFor(async () => expect(await listEntries([OWNER])).toHaveLength(1));
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      thread: `tender:${RECORD.id}`,
      call: 'tenderPayDeposit',
      status: 'queued',
      deadline: Date.parse(RECORD.cutoffTime),
      payload: {
        tenderRecordId: RECORD.id,
        supplierCode: 'GYS100001',
        depositType: 'transfer',
        amount: 12000,
        paymentDate: localToday(),
        remittanceSlip: [],
      },
      summary: `缴纳保证金：${RECORD.tenderNo}`,
    });
    expect(entry!.fileFields.map((f) => [f.field, f.uploadIds.length])).toEqual([['remittanceSlip', 1]]);
    expect((await listUploads(entry!.id)).map((u) => u.name)).toEqual(['汇款单.pdf']);
    expect(info).toHaveBeenCalledWith(navigator.onLine ? '正在提交' : '已保存，联网后自动提交', { key: 'outbox' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('mends a deposit the bid service refused: opens with its values, slip and reason; sent again in its place, once', async () => {
    // No session on the device: the sync engine leaves the entries alone while the test plays the refusal.
    logOut();
    const refused = await queuePayDeposit({
      supplierId: 's1',
      supplierCode: 'GYS100001',
      record: RECORD,
      depositType: 'transfer',
      amount: 11950,
      paymentDate: localToday(),
      remittanceSlip: pdf('银行回单.pdf'),
    });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: zh('depositAmountMismatch') },
    }));
    const onClose = renderDialog(vi.fn(), refused.id);
    const user = userEvent.setup();
    // Open (shown as a modal), not only rendered: the entry is read before it opens.
    expect(
      within(await screen.findByRole('dialog', { name: '缴纳保证金' })).getByText(
        `上次提交被投标服务退回：${zh('depositAmountMismatch')}。请修改后重新提交。`,
      ),
    ).toBeTruthy();
    expect(field(/^保证金类型/).value).toBe('transfer');
    expect(field(/^缴纳金额/).value).toBe('11950.00');
    expect(field(/^付款日期/).value).toBe(localToday());
    expect(screen.getByText('将提交：银行回单.pdf（29 B）')).toBeTruthy();

    await user.click(submit());
    await waitFor(() => expect(errorOf(field(/^缴纳金额/))).toContain(zh('depositAmountMismatch')));
    await user.clear(field(/^缴纳金额/));
    await user.type(field(/^缴纳金额/), '12000');
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog', { name: '提交保证金' })).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const entries = await listEntries([OWNER]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: refused.id, status: 'queued', lastError: null, payload: { amount: 12000 } });
    expect(entries[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);
    expect((await listUploads(refused.id)).map((u) => u.name)).toEqual(['银行回单.pdf']);
  });

  it('keeps the dialog open when the confirmation is declined', async () => {
    const onClose = renderDialog();
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog', { name: '提交保证金' })).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull());
    expect(depositDialog()).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('says so in the dialog when the device is full, and writes nothing', async () => {
    const onClose = renderDialog();
    const user = userEvent.setup();
    await fillValid(user);
    // The room was there when the slip was chosen; it is gone by the time of the confirm.
    stubStorage(1000);
    await user.click(submit());
    await user.click(within(await screen.findByRole('dialog', { name: '提交保证金' })).getByRole('button', { name: '提交' }));
    expect((await within(depositDialog()).findByRole('alert')).textContent).toContain('设备存储空间不足');
    expect(await listEntries([OWNER])).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    // The confirmation closes after its delay: gone before the next test renders.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull());
  });

  it('keeps what was typed as a draft for this record, and brings it back', async () => {
    const first = renderDialog();
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '电汇' });
    await user.selectOptions(field(/^保证金类型/), 'guarantee');
    fireEvent.change(field(/^付款日期/), { target: { value: '2026-01-05' } });
    expect(await screen.findByText('草稿已自动保存在本设备（不含汇款凭证）')).toBeTruthy();
    first.unmount();
    renderDialog();
    await waitFor(() => expect(field(/^保证金类型/).value).toBe('guarantee'));
    expect(field(/^付款日期/).value).toBe('2026-01-05');
    expect(field(/^缴纳金额/).value).toBe('12000.00');
  });
  describe('left open until the cut-off passes (the bid service clock)', () => {
    // The device's clock and intervals are the test's; the bid service's runs SERVER_NOW ahead by the offset.
    const start = Date.parse('2026-03-02T08:00:00Z');
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
      vi.setSystemTime(start);
      RECORD = summary(++serial + 10, { requiredDeposit: 12000, currency: 'CNY', cutoffTime: new Date(SERVER_NOW + 45_000).toISOString() });
    });
    const pastDeadline = () => within(depositDialog()).queryByText(zh('pastDeadline'));

    it('says so at the next check and refuses the submit: nothing queued, what was typed stays', async () => {
      const onClose = renderDialog(vi.fn(), undefined, SERVER_NOW - start);
      const user = userEvent.setup();
      await fillValid(user);
      act(() => void vi.advanceTimersByTime(30_000));
      expect(pastDeadline()).toBeNull();

      act(() => void vi.advanceTimersByTime(30_000));
      expect(pastDeadline()?.closest('[role="alert"]')).toBeTruthy();
      await user.click(submit());
      expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull();
      expect(await listEntries([OWNER])).toHaveLength(0);
      expect(onClose).not.toHaveBeenCalled();
      expect(field(/^保证金类型/).value).toBe('transfer');
      expect(field(/^付款日期/).value).toBe(localToday());
      expect(screen.getByText('将提交：汇款单.pdf（29 B）')).toBeTruthy();
    });

    it('refuses at the confirm when the cut-off passes while the confirmation asks, before the next check', async () => {
      const onClose = renderDialog(vi.fn(), undefined, SERVER_NOW - start);
      const user = userEvent.setup();
      await fillValid(user);
      await user.click(submit());
      const ask = await screen.findByRole('dialog', { name: '提交保证金' });
      // No tick of the 30 s check yet: the confirm reads the clock itself.
      vi.setSystemTime(start + 50_000);
      expect(pastDeadline()).toBeNull();
      await user.click(within(ask).getByRole('button', { name: '提交' }));
      await waitFor(() => expect(pastDeadline()).toBeTruthy());
      await waitFor(() => expect(screen.queryByRole('dialog', { name: '提交保证金' })).toBeNull());
      expect(await listEntries([OWNER])).toHaveLength(0);
      expect(onClose).not.toHaveBeenCalled();
      expect(field(/^保证金类型/).value).toBe('transfer');
    });

    it("goes by the bid service's clock, not the device's (years behind it here)", async () => {
      // By the device's own clock the cut-off is years away.
      renderDialog(vi.fn(), undefined, SERVER_NOW - start);
      await screen.findByRole('option', { name: '电汇' });
      expect(pastDeadline()).toBeNull();
      act(() => void vi.advanceTimersByTime(60_000));
      expect(pastDeadline()).toBeTruthy();
    });
  });
});
