import { message } from '@/locales/wire';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { listEntries, listUploads } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { renderWithI18n } from '@/test/render';
import { toast } from '@/ui/toast';
import { queueReply } from '../api/reply-communication';
import { ReplyForm } from './reply-form';

const OWNER = supplierOwner('s1');

beforeEach(() => {
  useNodeBlobs();
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  await resetPortalDb();
});

const renderForm = () => renderWithI18n(<ReplyForm supplierId="s1" communicationId="c1" questionNo="GT2026110001" />);

describe('ReplyForm', () => {
  it('mends a refused reply: opens with its text, files and the reason, and is sent in its place', async () => {
    const refused = await queueReply({
      supplierId: 's1',
      communicationId: 'c1',
      questionNo: 'GT2026110001',
      detail: '检测报告见附件',
      files: [fileOf('报告.exe', 10)],
    });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E415', message: '不支持的文件类型' },
    }));
    renderWithI18n(<ReplyForm supplierId="s1" communicationId="c1" questionNo="GT2026110001" mend={refused.id} />);
    expect(await screen.findByText('这条回复被投标服务退回：不支持的文件类型。请修改后重新发送，它会代替被退回的那条。')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /^回复内容/ })).toHaveProperty('value', '检测报告见附件');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /移除.*报告\.exe/ }));
    await user.click(screen.getByRole('button', { name: '发送回复' }));
    await waitFor(async () =>
      expect((await listEntries([OWNER])).map((e) => [e.id, e.status, e.payload.detail])).toEqual([
        [refused.id, 'queued', '检测报告见附件'],
      ]),
    );
    expect(await listUploads(refused.id)).toEqual([]);
  });

  it('requires the reply content: the message shows under the field, focus goes there, nothing is queued', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '发送回复' }));
    const field = screen.getByRole('textbox', { name: /^回复内容/ });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(message('required', 'zh-CN'));
    expect(document.activeElement).toBe(field);
    // Spaces only are still empty.
    await user.type(field, '   ');
    await user.click(screen.getByRole('button', { name: '发送回复' }));
    expect(screen.getByText(message('required', 'zh-CN'))).toBeTruthy();
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('refuses a control character in the reply with the rule of the contract, as the bid service would', async () => {
    renderForm();
    const user = userEvent.setup();
    const field = screen.getByRole('textbox', { name: /^回复内容/ });
    await user.click(field);
    await user.paste('图纸\u0000已收到');
    await user.click(screen.getByRole('button', { name: '发送回复' }));
    expect(await screen.findByText(message('controlCharacters', 'zh-CN'))).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(await listEntries([OWNER])).toHaveLength(0);
  });

  it('queues the reply with its files in the outbox, clears the form and says it is sending', async () => {
    const info = vi.spyOn(toast, 'info');
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^回复内容/ }), '  图纸已收到，按此生产。 ');
    await user.upload(screen.getByLabelText(/^附件/), fileOf('确认单.pdf', 1234));
    expect(await screen.findByText('确认单.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '发送回复' }));

    await waitFor(async () => expect(await listEntries([OWNER])).toHaveLength(1));
    const [entry] = await listEntries([OWNER]);
    expect(entry).toMatchObject({
      thread: 'communication:c1',
      call: 'communicationReply',
      status: 'queued',
      payload: { communicationId: 'c1', detail: '图纸已收到，按此生产。', attachments: [] },
      summary: '回复沟通 GT2026110001：图纸已收到，按此生产。',
    });
    expect((await listUploads(entry!.id)).map((u) => [u.name, u.size])).toEqual([['确认单.pdf', 1234]]);
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^回复内容/ }) as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByText('确认单.pdf')).toBeNull();
    expect(info).toHaveBeenCalledWith(navigator.onLine ? '发送中…' : '已保存，将在联网后发送', { key: 'outbox' });
  });

  it('keeps the text as a draft and brings it back', async () => {
    const first = renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^回复内容/ }), '还没写完');
    expect(await screen.findByText('草稿已自动保存在本设备')).toBeTruthy();
    first.unmount();
    renderForm();
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^回复内容/ }) as HTMLTextAreaElement).value).toBe('还没写完'));
  });
});
