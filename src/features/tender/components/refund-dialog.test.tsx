import { REFUND_REMARK_MAX } from '@contract/schemas/tender';
import { message } from '@/locales/wire';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { logIn, logOut, resetPortalDb } from '@/offline/test-helpers';
import { renderScreen } from '@/test/render-screen';
import { toast } from '@/ui/toast';
import { queueRefund } from '../api/apply-refund';
import { summary } from '../test/fixtures';
import { RefundDialog } from './refund-dialog';

const OWNER = supplierOwner('s1');
const record = summary(2, { status: 'lost', winStatus: 'lost', refundStatus: 'refundable', depositAmount: 12000, depositConfirmed: true });

afterEach(async () => {
  vi.restoreAllMocks();
  await resetPortalDb();
});

const errorOf = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function renderDialog(supplierCode = 'SUP001', mend?: string) {
  // Mending: no session on the device, so the sync engine leaves the entries alone while the test plays the refusal.
  if (!mend) logIn('s1');
  const onClose = vi.fn();
  renderScreen('/platform/tenderManagement', () => (
    <RefundDialog open record={record} supplierId="s1" supplierCode={supplierCode} mend={mend} onClose={onClose} />
  ));
  return onClose;
}

describe('RefundDialog', () => {
  it('asks for the confirmation, then queues the refund with its remark in the record thread and closes', async () => {
    const info = vi.spyOn(toast, 'info');
    const onClose = renderDialog();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    expect(within(dialog).getByText('ZB2030-0002')).toBeTruthy();
    expect(within(dialog).getByText('¥12,000.00')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: '备注（选填）' }), '  请退回原账户 ');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    const confirm = await screen.findByRole('dialog', { name: '提交退还申请' });
    expect(within(confirm).getByText('提交后不能修改，确定提交吗？')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: '提交' }));

    await waitFor(async () => expect(await listEntries([OWNER])).toHaveLength(1));
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      thread: 'tender:t2',
      call: 'tenderApplyRefund',
      status: 'queued',
      deadline: null,
      payload: { tenderRecordId: 't2', supplierCode: 'SUP001', remark: '请退回原账户' },
      summary: '申请退还保证金：ZB2030-0002',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(info).toHaveBeenCalled();
  });

  it('queues nothing when the confirmation is cancelled', async () => {
    const onClose = renderDialog();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    const confirm = await screen.findByRole('dialog', { name: '提交退还申请' });
    await user.click(within(confirm).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '提交退还申请' })).toBeNull());
    expect(await listEntries([OWNER])).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says the supplier code is missing instead of queueing a request the bid service would refuse', async () => {
    renderDialog('');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', message('supplierCodeMissing', 'zh-CN'));
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('mends a refund the bid service refused: opens with its remark and reason; sent again in its place, once', async () => {
    logOut();
    const refused = await queueRefund({ supplierId: 's1', supplierCode: 'SUP001', record, remark: '退回 6222 0000 1111' });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: '备注不能包含银行卡号' },
    }));
    const onClose = renderDialog('SUP001', refused.id);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    expect(within(dialog).getByRole('note').textContent).toBe('上次提交被投标服务退回：备注不能包含银行卡号。请修改后重新提交。');
    const remark = within(dialog).getByRole('textbox', { name: '备注（选填）' }) as HTMLTextAreaElement;
    expect(remark.value).toBe('退回 6222 0000 1111');

    await user.clear(remark);
    await user.type(remark, '请退回原账户');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await user.click(within(await screen.findByRole('dialog', { name: '提交退还申请' })).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());

    const entries = await listEntries([OWNER]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      id: refused.id,
      status: 'queued',
      lastError: null,
      payload: { tenderRecordId: 't2', remark: '请退回原账户' },
    });
    expect(entries[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);
  });

  it('opens empty for an entry that is not a refund of this record', async () => {
    logOut();
    const other = await queueRefund({ supplierId: 's1', supplierCode: 'SUP001', record: summary(3), remark: '别的记录' });
    await patchEntry(other.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E400', message: '退回' } }));
    renderDialog('SUP001', other.id);
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    expect((within(dialog).getByRole('textbox', { name: '备注（选填）' }) as HTMLTextAreaElement).value).toBe('');
    expect(within(dialog).queryByRole('note')).toBeNull();
  });
  it('says at the remark that a pasted control character is refused, and queues nothing until it is gone', async () => {
    const onClose = renderDialog();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    const remark = within(dialog).getByRole('textbox', { name: '备注（选填）' }) as HTMLTextAreaElement;
    await user.click(remark);
    await user.paste('请退回\u0007原账户');
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(remark.getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(remark)).toContain(message('controlCharacters', 'zh-CN'));
    expect(document.activeElement).toBe(remark);
    expect(screen.queryByRole('dialog', { name: '提交退还申请' })).toBeNull();
    expect(await listEntries([OWNER])).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(remark.value).toBe('请退回\u0007原账户');

    // Corrected, the message goes and the request is asked for.
    await user.clear(remark);
    await user.type(remark, '请退回原账户');
    expect(remark.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await user.click(within(await screen.findByRole('dialog', { name: '提交退还申请' })).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((await listEntries([OWNER])).map((e) => e.payload)).toEqual([
      { tenderRecordId: 't2', supplierCode: 'SUP001', remark: '请退回原账户' },
    ]);
  });

  it('keeps a mended remark longer than the bid service takes whole, says it is too long and sends nothing', async () => {
    logOut();
    const long = '退'.repeat(REFUND_REMARK_MAX + 1);
    const refused = await queueRefund({ supplierId: 's1', supplierCode: 'SUP001', record, remark: long });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: message('tooLong', 'zh-CN') },
    }));
    const onClose = renderDialog('SUP001', refused.id);
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    const remark = within(dialog).getByRole('textbox', { name: '备注（选填）' }) as HTMLTextAreaElement;
    expect(remark.value).toBe(long);
    await user.click(within(dialog).getByRole('button', { name: '提交申请' }));
    await waitFor(() => expect(errorOf(remark)).toContain(message('tooLong', 'zh-CN')));
    expect(screen.queryByRole('dialog', { name: '提交退还申请' })).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect((await listEntries([OWNER])).map((e) => [e.id, e.status])).toEqual([[refused.id, 'failed']]);
  });
});
