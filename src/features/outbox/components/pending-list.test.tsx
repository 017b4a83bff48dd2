import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvSet, supplierOwner, visitorOwner } from '@/offline/db';
import { emitChange } from '@/offline/events';
import { enqueue, listEntries } from '@/offline/outbox';
import { patchEntry, patchUpload, uploadsOf } from '@/offline/outbox-store';
import { fileOf, logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { renderScreen } from '@/test/render-screen';
import { PendingList } from './pending-list';

const VISITOR = '13900000001';

/** Summaries differ per test, so a query can never match an element left from the previous one. */
async function seed(tag: string) {
  logIn('s1');
  await kvSet('visitor-passes', { [VISITOR]: { phone: VISITOR } });
  const reply = await enqueue({
    owner: supplierOwner('s1'),
    thread: 'communication:c1',
    call: 'communicationReply',
    payload: { id: 'c1', replyContent: '样品已寄出' },
    files: { field: 'attachments', files: [fileOf('报价单.pdf', 4 * 1024 * 1024)] },
    summary: `样品已寄出${tag}`,
  });
  const person = await enqueue({ owner: visitorOwner(VISITOR), thread: `visitor:${VISITOR}`, call: 'h5SavePersonnelEntity', payload: {}, summary: `访客信息：张三${tag}` });
  const other = await enqueue({ owner: supplierOwner('s2'), thread: 'communication:new', call: 'communicationSave', payload: {}, summary: '另一家供应商的沟通' });
  return { reply, person, other };
}

beforeEach(() => useNodeBlobs());
afterEach(async () => {
  cleanup();
  // Let the live view's last read finish before the database goes.
  await new Promise((r) => setTimeout(r, 50));
  await resetPortalDb();
});

describe('PendingList', () => {
  it('says when nothing waits', async () => {
    renderScreen('/pending', PendingList);
    expect(await screen.findByText('没有待发送的内容')).toBeTruthy();
  });

  it("lists the current owners' entries (never another supplier's) with status, error, attempts, next attempt and upload progress", async () => {
    const { reply, person } = await seed('');
    const [upload] = await uploadsOf(reply.id);
    await patchUpload(upload!.id, (u) => ({ ...u, status: 'uploading', uploadedBytes: 1024 * 1024 }));
    await patchEntry(reply.id, (e) => ({ ...e, attempts: 2, nextAttemptAt: Date.now() + 60_000, lastError: { code: 'HTTP -100', message: 'Network request failed' } }));
    await patchEntry(person.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E409', message: '通行码已过期，请重新获取' } }));
    emitChange();

    renderScreen('/pending', PendingList);
    const list = await screen.findByRole('list', { name: '待发送列表' });
    await waitFor(() => expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['样品已寄出', '访客信息：张三']));
    expect(screen.queryByText('另一家供应商的沟通')).toBeNull();

    const first = screen.getByRole('listitem', { name: '样品已寄出' });
    expect(within(first).getByText('待发送')).toBeTruthy();
    expect(within(first).getByText('上次发送未成功：网络连接失败或服务暂不可用。将自动重试。')).toBeTruthy();
    expect(within(first).getByText('下次尝试')).toBeTruthy();
    const bar = within(first).getByRole('progressbar', { name: '报价单.pdf' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1024 * 1024, 4 * 1024 * 1024]);
    expect(within(first).getByText('1.0 / 4.0 MB')).toBeTruthy();
    expect(within(first).queryByRole('button', { name: '重试' })).toBeNull();

    const second = screen.getByRole('listitem', { name: '访客信息：张三' });
    expect(within(second).getByText('发送失败')).toBeTruthy();
    expect(within(second).getByText('原因：通行码已过期，请重新获取')).toBeTruthy();
    expect(within(second).getByText('访客信息 · 访客 13900000001')).toBeTruthy();
  });

  it('retries a failed entry and discards one after confirmation', async () => {
    const { reply, person } = await seed('-2');
    await patchEntry(person.id, (e) => ({ ...e, status: 'failed', attempts: 1, lastError: { code: 'E409', message: '通行码已过期' } }));
    await patchEntry(reply.id, (e) => ({ ...e, status: 'paused', lastError: { code: 'E401', message: '会话已超时' } }));
    emitChange();
    renderScreen('/pending', PendingList);
    const user = userEvent.setup();

    const visitorEntry = await screen.findByRole('listitem', { name: '访客信息：张三-2' });
    await user.click(within(visitorEntry).getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByRole('listitem', { name: '访客信息：张三-2' }).textContent).toContain('待发送'), { timeout: 4000 });

    const paused = screen.getByRole('listitem', { name: '样品已寄出-2' });
    expect(within(paused).getByText('已暂停（请重新登录）')).toBeTruthy();
    await user.click(within(paused).getByRole('button', { name: '放弃' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await listEntries([supplierOwner('s1')])).toHaveLength(1);

    await user.click(within(screen.getByRole('listitem', { name: '样品已寄出-2' })).getByRole('button', { name: '放弃' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '放弃发送' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: '样品已寄出-2' })).toBeNull());
    expect(await listEntries([supplierOwner('s1')])).toEqual([]);
  });
});
