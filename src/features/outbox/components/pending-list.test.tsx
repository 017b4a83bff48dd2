import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { downloadFile } from '@/api/file';
import type * as FileApi from '@/api/file';
import { kvSet, supplierOwner, visitorOwner } from '@/offline/db';
import { emitChange } from '@/offline/events';
import { enqueue, listEntries } from '@/offline/outbox';
import { deleteChunks, patchEntry, patchUpload, removeEntry, uploadsOf } from '@/offline/outbox-store';
import { keepReceipts, receiptRecordsOfSent } from '@/offline/receipts';
import { fileOf, logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { receiptFixture } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { PendingList } from './pending-list';

// A file already uploaded downloads through the bid service (downloadFile): its call is what matters here.
vi.mock('@/api/file', async (importOriginal) => ({ ...(await importOriginal<typeof FileApi>()), downloadFile: vi.fn(async () => {}) }));

const VISITOR = '13900000001';
const HOUR = 3600_000;

/** Summaries differ per test, so a query can never match an element left from the previous one. */
async function seed(tag: string) {
  logIn('s1');
  await kvSet('visitor-passes', { [VISITOR]: { phone: VISITOR } });
  const reply = await enqueue({
    owner: supplierOwner('s1'),
    thread: 'communication:c1',
    call: 'communicationReply',
    payload: { id: 'c1', replyContent: '样品已寄出' },
    files: [{ field: 'attachments', files: [fileOf('报价单.pdf', 4 * 1024 * 1024)] }],
    summary: `样品已寄出${tag}`,
  });
  const person = await enqueue({
    owner: visitorOwner(VISITOR),
    thread: `visitor:${VISITOR}`,
    call: 'h5SavePersonnelEntity',
    payload: {},
    summary: `访客信息：张三${tag}`,
  });
  const other = await enqueue({
    owner: supplierOwner('s2'),
    thread: 'communication:new',
    call: 'communicationSave',
    payload: {},
    summary: '另一家供应商的沟通',
  });
  return { reply, person, other };
}

beforeEach(() => useNodeBlobs());
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  // Let the live view's last read finish before the database goes.
  await new Promise((r) => setTimeout(r, 50));
  await resetPortalDb();
});

describe('PendingList', () => {
  it('offers to mend every refused write in its own form: a deposit or refund in its dialog, a bid on its page, a new thread, a visit application, a reply in its thread, a quote refused for a newer round on its enquiry', async () => {
    logIn('s1');
    const refuse = (id: string, reason?: string) =>
      patchEntry(id, (e) => ({
        ...e,
        status: 'failed',
        attempts: 1,
        lastError: { code: 'E409', message: '不予受理', ...(reason ? { reason } : {}) },
      }));
    const owner = supplierOwner('s1');
    const deposit = await enqueue({
      owner,
      thread: 'tender:r7',
      call: 'tenderPayDeposit',
      payload: { tenderRecordId: 'r7' },
      summary: '缴纳保证金：ZB-7',
    });
    const quote = await enqueue({
      owner,
      thread: 'enquiry:e3:1',
      call: 'enquiryQuote',
      payload: { enquiryId: 'e3', round: 1 },
      summary: '报价：XJ-3',
    });
    const reply = await enqueue({
      owner,
      thread: 'communication:c1',
      call: 'communicationReply',
      payload: { communicationId: 'c1' },
      summary: '回复：样品',
    });
    const refund = await enqueue({
      owner,
      thread: 'tender:r8',
      call: 'tenderApplyRefund',
      payload: { tenderRecordId: 'r8' },
      summary: '申请退还保证金：ZB-8',
    });
    await refuse(deposit.id);
    await refuse(quote.id, 'roundChanged');
    await refuse(reply.id);
    const bid = await enqueue({
      owner,
      thread: 'tender:r9',
      call: 'tenderSubmitBid',
      payload: { tenderRecordId: 'r9' },
      summary: '投标：ZB-9',
    });
    const thread = await enqueue({
      owner,
      thread: 'communication:new:1',
      call: 'communicationSave',
      payload: {},
      summary: '新建沟通：样品',
    });
    const visit = await enqueue({ owner, thread: 'visit:new:1', call: 'visitApplySave', payload: {}, summary: '参观申请：基地' });
    for (const entry of [refund, bid, thread, visit]) await refuse(entry.id);
    emitChange();
    renderScreen('/pending', PendingList);

    const mend = async (summary: string) =>
      within(await screen.findByRole('listitem', { name: summary })).queryByRole('link', { name: '修改' });
    expect((await mend('缴纳保证金：ZB-7'))?.getAttribute('href')).toBe(
      `/platform/tenderManagement?tenderId=r7&action=deposit&mend=${deposit.id}`,
    );
    expect((await mend('报价：XJ-3'))?.getAttribute('href')).toBe('/platform/bargaining/e3');
    expect((await mend('回复：样品'))?.getAttribute('href')).toBe(`/platform/communicateRecord/c1?mend=${reply.id}`);
    expect((await mend('申请退还保证金：ZB-8'))?.getAttribute('href')).toBe(
      `/platform/tenderManagement?tenderId=r8&action=refund&mend=${refund.id}`,
    );
    expect((await mend('投标：ZB-9'))?.getAttribute('href')).toBe(`/platform/tenderManagement/r9/bid?mend=${bid.id}`);
    expect((await mend('新建沟通：样品'))?.getAttribute('href')).toBe(`/platform/communicateRecord/new?mend=${thread.id}`);
    expect((await mend('参观申请：基地'))?.getAttribute('href')).toBe(`/platform/visitorApplyNew/new?mend=${visit.id}`);
    expect(within(screen.getByRole('listitem', { name: '投标：ZB-9' })).getByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('says when nothing waits', async () => {
    renderScreen('/pending', PendingList);
    expect(await screen.findByText('没有待发送的内容')).toBeTruthy();
  });

  it("lists the current owners' entries (never another supplier's) with status, error, attempts, next attempt and upload progress", async () => {
    const { reply, person } = await seed('');
    const [upload] = await uploadsOf(reply.id);
    await patchUpload(upload!.id, (u) => ({ ...u, status: 'uploading', uploadedBytes: 1024 * 1024 }));
    await patchEntry(reply.id, (e) => ({
      ...e,
      attempts: 2,
      nextAttemptAt: Date.now() + 60_000,
      lastError: { code: 'HTTP -100', message: 'Network request failed' },
    }));
    await patchEntry(person.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E409', message: '通行码已过期，请重新获取' },
    }));
    emitChange();

    renderScreen('/pending', PendingList);
    const list = await screen.findByRole('list', { name: '待发送列表' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['样品已寄出', '访客信息：张三']),
    );
    expect(screen.queryByText('另一家供应商的沟通')).toBeNull();

    const first = screen.getByRole('listitem', { name: '样品已寄出' });
    expect(within(first).getByText('待发送')).toBeTruthy();
    expect(within(first).getByText('上次发送未成功：网络连接失败或服务暂不可用。将自动重试。')).toBeTruthy();
    expect(within(first).getByText('下次尝试')).toBeTruthy();
    const bar = within(first).getByRole('progressbar', { name: '报价单.pdf 上传进度' }) as HTMLProgressElement;
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
    await waitFor(() => expect(screen.getByRole('listitem', { name: '访客信息：张三-2' }).textContent).toContain('待发送'), {
      timeout: 4000,
    });

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

  it('shows the cut-off time, warns when less than 24 h are left, and says when it has passed (the entry stays)', async () => {
    logIn('s1');
    const bid = (recordId: string, deadline: number, summary: string) =>
      enqueue({
        owner: supplierOwner('s1'),
        thread: `tender:${recordId}`,
        call: 'tenderSubmitBid',
        payload: { tenderRecordId: recordId },
        deadline,
        summary,
      });
    await bid('r1', Date.now() + 3 * HOUR, '投标：临近截止');
    const late = await bid('r2', Date.now() - HOUR, '投标：已过截止');
    await bid('r3', Date.now() + 72 * HOUR, '投标：时间充裕');
    await patchEntry(late.id, (e) => ({ ...e, status: 'failed', lastError: { code: 'E409', message: '当前日期已超过投标截止时间' } }));
    emitChange();
    renderScreen('/pending', PendingList);

    const near = await screen.findByRole('listitem', { name: '投标：临近截止' });
    expect(within(near).getByText('提交投标文件 · 当前供应商账号')).toBeTruthy();
    expect(within(near).getByText('截止时间')).toBeTruthy();
    expect(within(near).getByText('距截止时间不足 24 小时，请保持联网，以便及时提交。')).toBeTruthy();

    const passed = screen.getByRole('listitem', { name: '投标：已过截止' });
    expect(within(passed).getByText('已过截止时间，是否受理以平台的答复为准。内容仍保留在本设备上。')).toBeTruthy();
    expect(within(passed).getByText('原因：当前日期已超过投标截止时间')).toBeTruthy();
    expect(within(passed).getByRole('button', { name: '重试' })).toBeTruthy();

    const calm = screen.getByRole('listitem', { name: '投标：时间充裕' });
    expect(within(calm).getByText('截止时间')).toBeTruthy();
    expect(calm.querySelector('[data-deadline]')).toBeNull();
    // An entry without a deadline has no such row.
    expect(screen.queryAllByText('截止时间')).toHaveLength(3);
  });

  it('shows a quote readably: what it is, enquiry no, round and total, the round deadline and the refusal', async () => {
    logIn('s1');
    // As the quote form writes it (src/features/enquiry/quote/queue-quote.ts).
    const quote = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'enquiry:e1:2',
      call: 'enquiryQuote',
      payload: { enquiryId: 'e1', round: 2, lines: [], letter: [] },
      files: [{ field: 'letter', label: '询价函', files: [fileOf('询价函.xlsx', 10)] }],
      deadline: Date.now() + 5 * HOUR,
      summary: '报价：XJ2030-0001，第 2 轮，合计 ¥20,000.00',
    });
    await patchEntry(quote.id, (e) => ({ ...e, status: 'failed', lastError: { code: 'E409', message: '采购方已发起新一轮议价' } }));
    emitChange();
    renderScreen('/pending', PendingList);
    const item = await screen.findByRole('listitem', { name: '报价：XJ2030-0001，第 2 轮，合计 ¥20,000.00' });
    expect(within(item).getByText('询价报价 · 当前供应商账号')).toBeTruthy();
    expect(within(item).getByText('原因：采购方已发起新一轮议价')).toBeTruthy();
    expect(within(item).getByText('距截止时间不足 24 小时，请保持联网，以便及时提交。')).toBeTruthy();
    await waitFor(() => expect(within(item).getByRole('button', { name: '下载 询价函.xlsx' })).toBeTruthy());
  });

  it('groups the files of an entry with several fields under their labels', async () => {
    logIn('s1');
    await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:r1',
      call: 'tenderSubmitBid',
      payload: { tenderRecordId: 'r1' },
      files: [
        { field: 'bidDocuments', label: '投标文件', files: [fileOf('技术标.pdf', 10), fileOf('商务标.pdf', 10)] },
        { field: 'certificates.0.files', label: 'ISO 9001', files: [] },
        { field: 'billOfMaterials', files: [fileOf('bom.xlsx', 10)] },
      ],
      summary: '投标：分组',
    });
    renderScreen('/pending', PendingList);
    const item = await screen.findByRole('listitem', { name: '投标：分组' });
    await waitFor(() =>
      expect(
        within(item)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['投标文件', 'billOfMaterials']),
    );
    const docs = within(item).getByRole('list', { name: '投标文件' });
    expect(
      within(docs)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['下载 技术标.pdf', '下载 商务标.pdf']);
    expect(within(within(item).getByRole('list', { name: 'billOfMaterials' })).getByRole('button', { name: '下载 bom.xlsx' })).toBeTruthy();
  });

  it('downloads a file from its stored chunks while on the device, then from its FileRef once uploaded', async () => {
    const { reply } = await seed('-3');
    // jsdom has no object URLs.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:stored-file');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
    });
    renderScreen('/pending', PendingList);
    const user = userEvent.setup();

    const item = await screen.findByRole('listitem', { name: '样品已寄出-3' });
    await user.click(await within(item).findByRole('button', { name: '下载 报价单.pdf' }));
    await waitFor(() => expect(clicked).toEqual([{ href: 'blob:stored-file', download: '报价单.pdf' }]));
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.size).toBe(4 * 1024 * 1024);
    expect(downloadFile).not.toHaveBeenCalled();

    // Uploaded: the chunks are freed, the FileRef remains.
    const [upload] = await uploadsOf(reply.id);
    await patchUpload(upload!.id, (u) => ({
      ...u,
      status: 'done',
      uploadedBytes: u.size,
      fileRef: { name: '报价单.pdf', url: '/files/u1', path: 'files/u1' },
    }));
    await deleteChunks(upload!.id);
    emitChange();
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: '样品已寄出-3' })).getByText('已上传')).toBeTruthy());
    await user.click(within(screen.getByRole('listitem', { name: '样品已寄出-3' })).getByRole('button', { name: '下载 报价单.pdf' }));
    expect(downloadFile).toHaveBeenCalledWith('files/u1', '报价单.pdf');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });

  it("lists what the buyer received from this device, newest first, with the outbox entry's words: the logged-in supplier's only", async () => {
    logIn('s1');
    const bid = receiptFixture({ kind: 'bid', version: 1, receivedAt: '2026-11-21T08:00:00.000Z', supplierId: 's1' });
    const deposit = receiptFixture({ kind: 'deposit', receivedAt: '2026-11-20T08:00:00.000Z', supplierId: 's1' });
    const entry = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:r1',
      call: 'tenderSubmitBid',
      payload: {},
      summary: '投标 ZB2026110001',
    });
    await removeEntry(entry.id, receiptRecordsOfSent(entry, { receipts: [deposit, bid] }));
    await keepReceipts(supplierOwner('s2'), [receiptFixture({ kind: 'quote', round: 1, supplierId: 's2' })]);
    renderScreen('/pending', PendingList, ['/verify']);
    const history = await screen.findByRole('region', { name: '已送达采购方' });
    const items = within(history)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === history);
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(['投标文件（第 1 版）', '保证金缴纳']);
    expect(items[0]!.textContent).toContain('投标 ZB2026110001');
    expect(history.textContent).not.toContain('报价');
  });
});
