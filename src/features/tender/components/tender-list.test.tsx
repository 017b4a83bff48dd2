import { message } from '@/locales/wire';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { logIn, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { toast, ToastHost } from '@/ui/toast';
import { compactTenderSearch, resolveTenderSearch, validateTenderSearch } from '../tender-search';
import { detail, file, inDays, page, SERVER_NOW, summary } from '../test/fixtures';
import { TenderList } from './tender-list';

// The deposit dialog is another screen's work (and has its own tests): here it only has to open for the right record.
vi.mock('./deposit-dialog', () => ({
  DepositDialog: ({ record, onClose }: { record: TenderRecordSummary; onClose: () => void }) => (
    <div role="dialog" aria-label="缴纳保证金">
      <p>{`DEPOSIT ${record.id}`}</p>
      <button type="button" onClick={onClose}>
        关闭
      </button>
    </div>
  ),
}));

const HOUR = 3_600_000;
const zh = (key: Parameters<typeof message>[0]) => message(key, 'zh-CN');

const RECORDS = [
  // Open: 2 days 5 hours 30 minutes before the cut-off on the bid service's clock.
  summary(1, { cutoffTime: new Date(SERVER_NOW + 53.5 * HOUR).toISOString() }),
  summary(2, {
    status: 'lost',
    winStatus: 'lost',
    refundStatus: 'refundable',
    depositAmount: 12000,
    depositConfirmed: true,
    bidDocuments: [file('投标书.pdf'), file('报价单.xlsx')],
  }),
  summary(3, {
    status: 'refunded',
    winStatus: 'lost',
    refundStatus: 'refunded',
    requiredDeposit: 8000.5,
    depositAmount: 8000.5,
    depositConfirmed: true,
    refundVoucher: file('退款凭证.pdf'),
  }),
  // Open by this device's clock (years earlier), closed by the bid service's.
  summary(4, { cutoffTime: inDays(-0.5) }),
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useNodeBlobs());
afterEach(async () => {
  server.resetHandlers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  // Let the live outbox view's last read finish before the database goes.
  await new Promise((r) => setTimeout(r, 50));
  await resetPortalDb();
});
afterAll(() => server.close());

function serve(records = RECORDS) {
  server.use(
    http.post(`${bidService}/tender/listByPage`, () => ok(page(records))),
    http.post(`${bidService}/tender/getById`, async ({ request }) => {
      const { id } = (await request.json()) as { id: string };
      const found = records.find((r) => r.id === id);
      return found ? ok(detail(found)) : Response.json({ code: 'E404', message: zh('dataLost'), data: null });
    }),
  );
}

function renderList(initial = '/platform/tenderManagement', supplierStatus = 'A104') {
  logIn('s1');
  const root = createRootRoute({
    component: () => (
      <>
        <Outlet />
        <ToastHost />
      </>
    ),
  });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/platform/tenderManagement',
    validateSearch: validateTenderSearch,
    component: function ListScreen() {
      const search = list.useSearch();
      const navigate = list.useNavigate();
      return (
        <TenderList
          supplierId="s1"
          supplierCode="SUP001"
          supplierStatus={supplierStatus}
          search={resolveTenderSearch(search)}
          onSearchChange={(next, options) => void navigate({ search: compactTenderSearch(next) as never, replace: options?.replace })}
        />
      );
    },
  });
  const stubs = [
    '/platform/tenderManagement/$id',
    '/platform/tenderManagement/$id/bid',
    '/platform/communicateRecord/new',
    '/platform/visitorApplyNew/new',
    '/pending',
  ].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>STUB</p> }));
  const router = createRouter({
    routeTree: root.addChildren([list, ...stubs]),
    history: createMemoryHistory({ initialEntries: [initial] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

/** The table row of a record, by its bidding number, and the row of its actions under it. */
async function rowOf(tenderNo: string) {
  const table = await screen.findByRole('table');
  const link = await within(table).findByRole('link', { name: tenderNo });
  const row = link.closest('tr')!;
  return { row: within(row), actions: within(row.nextElementSibling as HTMLElement) };
}

/** The reason an action is closed, through its aria-describedby. */
function reasonOf(control: HTMLElement): string {
  expect(control.getAttribute('aria-disabled')).toBe('true');
  return document.getElementById(control.getAttribute('aria-describedby')!)!.textContent ?? '';
}

describe('TenderList', () => {
  it('shows the columns: number, title, status, deposit with two decimals and currency, win and refund status, voucher and bid documents', async () => {
    serve();
    renderList();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['招标编号 / 标题', '状态', '保证金', '中标状态', '退款状态 / 退款凭证', '投标文件']);

    const first = await rowOf('ZB2030-0001');
    expect(first.row.getByRole('link', { name: 'ZB2030-0001' }).getAttribute('href')).toBe('/platform/tenderManagement/t1');
    expect(first.row.getByText('瓦楞纸箱年度采购 1')).toBeTruthy();
    expect(first.row.getByText('已报名')).toBeTruthy();
    expect(first.row.getByText('¥12,000.00')).toBeTruthy();
    expect(first.row.queryByText('已缴')).toBeNull();
    expect(first.row.getByText('待公布')).toBeTruthy();
    // Counted on the bid service's clock, though this device is years earlier.
    expect(first.row.getByText('剩余 2 天 5 小时')).toBeTruthy();

    const second = await rowOf('ZB2030-0002');
    // The status and the win status say the same here.
    expect(second.row.getAllByText('未中标')).toHaveLength(2);
    expect(second.row.getByText('可申请退款')).toBeTruthy();
    expect(second.row.getAllByText('¥12,000.00')).toHaveLength(2); // required and paid
    expect(second.row.getByText('已缴')).toBeTruthy();
    expect(second.row.getByRole('button', { name: '下载 投标书.pdf' })).toBeTruthy();
    expect(second.row.getByRole('button', { name: '下载 报价单.xlsx' })).toBeTruthy();
    // Past the bid: no countdown any more.
    expect(second.row.queryByText(/^剩余/)).toBeNull();

    const third = await rowOf('ZB2030-0003');
    expect(third.row.getAllByText('¥8,000.50')).toHaveLength(2);
    expect(third.row.getAllByText('已退款')).toHaveLength(2);
    expect(third.row.getByRole('button', { name: '下载 退款凭证.pdf' })).toBeTruthy();

    const fourth = await rowOf('ZB2030-0004');
    expect(fourth.row.getByText('已截止')).toBeTruthy();
    expect(reasonOf(fourth.actions.getByRole('button', { name: /^缴纳保证金/ }))).toBe(zh('pastDeadline'));

    expect(screen.getByText('共 4 条投标记录')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
    // Phones get the same records as cards.
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('opens an action only when it applies, and says why not (read out, and shown on focus or tap)', async () => {
    serve();
    renderList('/platform/tenderManagement', 'A141');
    const user = userEvent.setup();
    const { actions } = await rowOf('ZB2030-0002');

    expect(actions.getByRole('link', { name: /^查看详情/ }).getAttribute('href')).toBe('/platform/tenderManagement/t2');
    const deposit = actions.getByRole('button', { name: /^缴纳保证金/ });
    expect(reasonOf(deposit)).toBe(zh('depositAlreadyConfirmed'));
    expect(reasonOf(actions.getByRole('button', { name: /^上传投标文件及物料清单/ }))).toBe(zh('conflict'));
    expect(actions.getByRole('button', { name: /^申请退还保证金/ }).getAttribute('aria-disabled')).toBeNull();
    // Communication is for status A104 only.
    expect(reasonOf(actions.getByRole('button', { name: /^发起沟通/ }))).toBe('当前供应商状态不能发起沟通');
    expect(actions.getByRole('link', { name: /^来访申请/ }).getAttribute('href')).toBe(
      '/platform/visitorApplyNew/new?relatedProject=ZB2030-0002',
    );

    const note = document.getElementById(deposit.getAttribute('aria-describedby')!)!;
    expect(note.hidden).toBe(true);
    await user.click(deposit);
    expect(note.hidden).toBe(false);
    // A closed action does nothing else.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('links communication with the tender number for status A104, and bid upload where the deposit is confirmed', async () => {
    serve([summary(5, { status: 'depositConfirmed', depositConfirmed: true })]);
    renderList();
    const { actions } = await rowOf('ZB2030-0005');
    expect(actions.getByRole('link', { name: /^发起沟通/ }).getAttribute('href')).toBe(
      '/platform/communicateRecord/new?sourceNo=ZB2030-0005',
    );
    expect(actions.getByRole('link', { name: /^上传投标文件及物料清单/ }).getAttribute('href')).toBe('/platform/tenderManagement/t5/bid');
    expect(reasonOf(actions.getByRole('button', { name: /^申请退还保证金/ }))).toBe(zh('refundBeforeResult'));
  });

  it('marks, announces and pins the record of tenderId', async () => {
    serve();
    renderList('/platform/tenderManagement?tenderId=t2');
    const { row } = await rowOf('ZB2030-0002');
    await waitFor(() => expect(row.getByText('当前记录')).toBeTruthy());
    expect(within(screen.getByRole('table')).getByRole('link', { name: 'ZB2030-0002' }).closest('tr')!.getAttribute('aria-current')).toBe(
      'true',
    );
    // The card of the same record (phones) is marked too.
    expect(screen.getByRole('article', { name: '瓦楞纸箱年度采购 2' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByText('已定位到投标记录 ZB2030-0002')).toBeTruthy();
    expect((await rowOf('ZB2030-0001')).row.queryByText('当前记录')).toBeNull();
  });

  it('shows a marked record that is not on this page above the list', async () => {
    const elsewhere = summary(9, { title: '另一页上的项目' });
    server.use(
      http.post(`${bidService}/tender/listByPage`, () => ok(page(RECORDS, 14))),
      http.post(`${bidService}/tender/getById`, () => ok(detail(elsewhere))),
    );
    renderList('/platform/tenderManagement?tenderId=t9');
    expect(await screen.findByText('您选择的投标记录（不在当前页）')).toBeTruthy();
    const card = screen.getByRole('article', { name: '另一页上的项目' });
    expect(within(card).getByText('当前记录')).toBeTruthy();
  });

  it('asks to choose a record first for an action without tenderId', async () => {
    serve();
    const warning = vi.spyOn(toast, 'warning');
    const router = renderList('/platform/tenderManagement?action=deposit');
    await waitFor(() => expect(warning).toHaveBeenCalledWith(zh('chooseRecordFirst')));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says data lost for a tenderId that is not among the supplier records', async () => {
    serve();
    const error = vi.spyOn(toast, 'error');
    const router = renderList('/platform/tenderManagement?tenderId=zz&action=deposit');
    await waitFor(() => expect(error).toHaveBeenCalledWith(zh('dataLost')));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the deposit dialog from the URL and from the row, one record at a time, and closes it in the URL', async () => {
    serve();
    const router = renderList('/platform/tenderManagement?tenderId=t1&action=deposit');
    const user = userEvent.setup();
    expect(await screen.findByText('DEPOSIT t1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't1' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const { actions } = await rowOf('ZB2030-0001');
    await user.click(actions.getByRole('button', { name: /^缴纳保证金/ }));
    expect(await screen.findByText('DEPOSIT t1')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tenderId: 't1', action: 'deposit' });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });

  it('tells why instead of opening an action from the URL that does not apply', async () => {
    serve();
    const warning = vi.spyOn(toast, 'warning');
    const router = renderList('/platform/tenderManagement?tenderId=t2&action=deposit');
    await waitFor(() => expect(warning).toHaveBeenCalledWith(zh('depositAlreadyConfirmed')));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't2' }));
    expect(screen.queryByText('DEPOSIT t2')).toBeNull();
  });

  it('checks an action from the URL again each time it comes, and tells why once the record changed', async () => {
    serve();
    const warning = vi.spyOn(toast, 'warning');
    const router = renderList('/platform/tenderManagement?tenderId=t1&action=deposit');
    const user = userEvent.setup();
    expect(await screen.findByText('DEPOSIT t1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't1' }));
    // Meanwhile a deposit for the record waits in the outbox.
    await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:t1',
      call: 'tenderPayDeposit',
      payload: { tenderRecordId: 't1' },
      deadline: null,
      summary: '缴纳保证金：ZB2030-0001',
    });
    expect(await (await rowOf('ZB2030-0001')).actions.findByText('已保存在本设备，等待发送')).toBeTruthy();

    // The same address again (a link, a bookmark): the record is checked again instead of the dialog opening.
    await act(() => router.navigate({ to: '/platform/tenderManagement', search: { tenderId: 't1', action: 'deposit' } as never }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('该记录有尚未发送的操作，发送完成后才能继续'));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't1' }));
    expect(screen.queryByText('DEPOSIT t1')).toBeNull();
  });

  it('shows what waits in the outbox on its record, with the deadline warning and the way to /pending, and holds the actions', async () => {
    serve();
    await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:t1',
      call: 'tenderPayDeposit',
      payload: { tenderRecordId: 't1' },
      // Two hours before the cut-off on the bid service's clock.
      deadline: SERVER_NOW + 2 * HOUR,
      summary: '缴纳保证金：ZB2030-0001',
    });
    const failed = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:t2',
      call: 'tenderApplyRefund',
      payload: { tenderRecordId: 't2' },
      deadline: null,
      summary: '申请退还保证金：ZB2030-0002',
    });
    await patchEntry(failed.id, (entry) => ({
      ...entry,
      status: 'failed',
      lastError: { code: 'E409', message: zh('refundAlreadyRequested') },
    }));
    const refusedBid = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:t4',
      call: 'tenderSubmitBid',
      payload: { tenderRecordId: 't4' },
      deadline: null,
      summary: '提交投标文件：ZB2030-0004',
    });
    await patchEntry(refusedBid.id, (entry) => ({ ...entry, status: 'failed', lastError: { code: 'E403', message: zh('conflict') } }));
    // Another supplier's entry on this device is none of this list's business.
    await enqueue({
      owner: supplierOwner('s2'),
      thread: 'tender:t3',
      call: 'tenderApplyRefund',
      payload: {},
      deadline: null,
      summary: 'x',
    });
    renderList();

    const first = await rowOf('ZB2030-0001');
    expect(await first.actions.findByText('已保存在本设备，等待发送')).toBeTruthy();
    expect(first.actions.getByText('距截止时间不足 24 小时，请保持联网，以便及时提交。')).toBeTruthy();
    expect(first.actions.getByRole('link', { name: '查看待发送内容' }).getAttribute('href')).toBe('/pending');
    expect(reasonOf(first.actions.getByRole('button', { name: /^缴纳保证金/ }))).toBe('该记录有尚未发送的操作，发送完成后才能继续');

    const second = await rowOf('ZB2030-0002');
    expect(second.actions.getByText(`发送失败：${zh('refundAlreadyRequested')}`)).toBeTruthy();
    expect(second.actions.getByRole('button', { name: /^申请退还保证金/ }).getAttribute('aria-disabled')).toBe('true');
    // A refused write opens in its own form, with what it held.
    expect(second.actions.getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe(
      `/platform/tenderManagement?tenderId=t2&action=refund&mend=${failed.id}`,
    );
    expect((await rowOf('ZB2030-0004')).actions.getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe(
      `/platform/tenderManagement/t4/bid?mend=${refusedBid.id}`,
    );

    const third = await rowOf('ZB2030-0003');
    expect(third.actions.queryByText(/等待发送|发送失败/)).toBeNull();
  });

  it('opens a refused refund from the URL in its dialog, with its remark and the reason, and drops the mend on closing', async () => {
    serve();
    const refused = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:t2',
      call: 'tenderApplyRefund',
      payload: { tenderRecordId: 't2', supplierCode: 'SUP001', remark: '请退回原账户' },
      deadline: null,
      summary: '申请退还保证金：ZB2030-0002',
    });
    await patchEntry(refused.id, (entry) => ({
      ...entry,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: '备注不能包含银行卡号' },
    }));
    const router = renderList(`/platform/tenderManagement?tenderId=t2&action=refund&mend=${refused.id}`);
    const user = userEvent.setup();
    // The refused refund is what waits on the record: it does not hold its own dialog.
    const dialog = await screen.findByRole('dialog', { name: '申请退还保证金' });
    expect(within(dialog).getByRole('note').textContent).toBe('上次提交被投标服务退回：备注不能包含银行卡号。请修改后重新提交。');
    expect((within(dialog).getByRole('textbox', { name: '备注（选填）' }) as HTMLTextAreaElement).value).toBe('请退回原账户');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't2' }));
  });

  it('writes search, status and page into the URL and asks the bid service for them', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post(`${bidService}/tender/listByPage`, async ({ request }) => {
        bodies.push(await request.json());
        return ok(page(RECORDS, 23));
      }),
    );
    const router = renderList();
    const user = userEvent.setup();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: '搜索投标记录' }), '纸箱');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '状态' }), '未中标');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', status: 'lost' }));
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', status: 'lost', page: 2 }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 2, pageSize: 10, searchContent: '纸箱', status: 'lost' }));
  });

  it('shows the failure with a retry', async () => {
    server.use(http.post(`${bidService}/tender/listByPage`, () => Response.json({ code: 'E403', message: '无权访问', data: null })));
    renderList();
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
