import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { loadDraft } from '@/offline/drafts';
import { listEntries, listUploads } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { DRAFT_SAVE_DELAY_MS } from '@/offline/use-draft';
import { fileOf, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { renderWithI18n } from '@/test/render';
import { renderScreen } from '@/test/render-screen';
import { queueCommunication } from '../api/save-communication';
import { NewCommunicationForm } from './new-communication-form';
import { PendingCommunications } from './pending-communications';

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

/** A new thread the bid service refused, with two files. */
async function refusedThread() {
  const entry = await queueCommunication({
    supplierId: 's1',
    priority: 'high',
    topic: '纸箱规格确认',
    content: '请确认内径尺寸，图纸见附件。',
    sourceNo: 'ZB2026-7',
    files: [fileOf('图纸.pdf', 12), fileOf('报价.exe', 10)],
  });
  await patchEntry(entry.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E415', message: '不支持的文件类型' } }));
  return entry;
}

const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const priority = () => screen.getByRole('combobox', { name: /^优先级/ }) as HTMLSelectElement;

describe('NewCommunicationForm', () => {
  it('mends a refused new thread: opens with its values, files and the reason, and is sent in its place', async () => {
    const refused = await refusedThread();
    const [stored] = await listUploads(refused.id);
    const onQueued = vi.fn();
    renderWithI18n(<NewCommunicationForm supplierId="s1" sourceNo="" mend={refused.id} onQueued={onQueued} />);

    expect((await screen.findByRole('note')).textContent).toBe(
      '这条沟通被投标服务退回：不支持的文件类型。请修改后重新提交，它会代替被退回的那条。',
    );
    expect(priority().value).toBe('high');
    expect(field(/^标题/).value).toBe('纸箱规格确认');
    expect(field(/^内容/).value).toBe('请确认内径尺寸，图纸见附件。');
    expect(field(/^来源单号/).value).toBe('ZB2026-7');
    expect(screen.getByText('图纸.pdf')).toBeTruthy();
    expect(screen.getByText('报价.exe')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /移除.*报价\.exe/ }));
    await user.type(field(/^标题/), '（更正）');
    // A mended thread keeps no draft beside it. Proves a negative: a form's draft is stored once
    // DRAFT_SAVE_DELAY_MS have passed since the last change, so it would be there 100 ms after.
    await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 100));
    expect(await loadDraft(OWNER, 'communication-new:')).toBeNull();
    await user.click(screen.getByRole('button', { name: '提交' }));

    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    const entries = await listEntries([OWNER]);
    expect(entries.map((e) => [e.id, e.status, e.thread, e.payload.topic, e.payload.sourceNo])).toEqual([
      [refused.id, 'queued', 'communication:new', '纸箱规格确认（更正）', 'ZB2026-7'],
    ]);
    expect(entries[0]!.idempotencyKey).not.toBe(refused.idempotencyKey);
    // The kept file keeps its stored upload; the removed one is gone.
    expect((await listUploads(refused.id)).map((u) => [u.id, u.name])).toEqual([[stored!.id, '图纸.pdf']]);
  });

  it('opens empty when the entry to mend is gone, and queues a new thread', async () => {
    const onQueued = vi.fn();
    renderWithI18n(<NewCommunicationForm supplierId="s1" sourceNo="ZB2026-9" mend="gone" onQueued={onQueued} />);
    expect(((await screen.findByRole('textbox', { name: /^标题/ })) as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('note')).toBeNull();
    expect(field(/^来源单号/).value).toBe('ZB2026-9');

    const user = userEvent.setup();
    await user.selectOptions(priority(), 'low');
    await user.type(field(/^标题/), '交期');
    await user.type(field(/^内容/), '能否提前一周？');
    await user.click(screen.getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    expect((await listEntries([OWNER])).map((e) => [e.status, e.payload])).toEqual([
      ['queued', { priority: 'low', topic: '交期', content: '能否提前一周？', sourceNo: 'ZB2026-9', attachments: [] }],
    ]);
  });

  it('links a refused new thread on the list to its form', async () => {
    const refused = await refusedThread();
    renderScreen('/platform/communicateRecord', () => <PendingCommunications supplierId="s1" />);
    const item = (await screen.findByText('纸箱规格确认')).closest('li')!;
    expect(within(item).getByRole('link', { name: /^修改/ }).getAttribute('href')).toBe(
      `/platform/communicateRecord/new?mend=${refused.id}`,
    );
  });
});
