import type { EnquirySummary } from '@contract/schemas/enquiry';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { formatDateTime } from '@/ui/format';
import { ToastHost } from '@/ui/toast';
import { enquiryKeys } from '../api/list-enquiries';
import { compactEnquirySearch, enquiryListRequest, resolveEnquirySearch, validateEnquirySearch } from '../enquiry-search';
import { withClock } from '@/ui/server-clock';
import { inDays, page, SERVER_NOW, summary } from '../test/fixtures';
import { EnquiryList } from './enquiry-list';

const HOUR = 3_600_000;

const RECORDS = [
  // Waiting for this supplier: 2 days 5 hours 30 minutes left on the bid service's clock.
  summary(1, { deadline: new Date(SERVER_NOW + 53.5 * HOUR).toISOString() }),
  summary(2, { replyStatus: 'replied', round: 3, theme: '纸管年度议价', updatedAt: '2030-05-31T08:09:10+08:00' }),
  summary(3, { replyStatus: 'missed', businessStatus: 'awarded', deadline: inDays(-2) }),
  // Pending when the bid service answered a while ago; its deadline has passed since, on that clock.
  summary(4, { deadline: inDays(-0.5), businessStatus: 'bargaining' }),
  summary(5, { businessStatus: 'cancelled', replyStatus: 'missed', deadline: new Date(SERVER_NOW + 3 * HOUR).toISOString() }),
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function serve(records: EnquirySummary[] = RECORDS, total = records.length) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${bidService}/enquiry/listByPage`, async ({ request }) => {
      bodies.push(await request.json());
      return ok(page(records, total));
    }),
  );
  return bodies;
}

function renderList(initial = '/platform/bargaining', queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
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
    path: '/platform/bargaining',
    validateSearch: validateEnquirySearch,
    component: function ListScreen() {
      const search = list.useSearch();
      const navigate = list.useNavigate();
      return (
        <EnquiryList
          supplierId="s1"
          search={resolveEnquirySearch(search)}
          onSearchChange={(next, options) => void navigate({ search: compactEnquirySearch(next) as never, replace: options?.replace })}
        />
      );
    },
  });
  const detail = createRoute({ getParentRoute: () => root, path: '/platform/bargaining/$id', component: () => <p>DETAIL</p> });
  const router = createRouter({ routeTree: root.addChildren([list, detail]), history: createMemoryHistory({ initialEntries: [initial] }) });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

/** The table row of an enquiry, by its number. */
async function rowOf(enquiryNo: string) {
  const table = await screen.findByRole('table');
  const link = await within(table).findByRole('link', { name: enquiryNo });
  return within(link.closest('tr')!);
}

describe('EnquiryList', () => {
  it('shows the columns of SPEC.md, every status in words, and the countdown on the bid service clock', async () => {
    serve();
    renderList();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['询价单号', '询价主题', '报价状态', '询价日期', '业务状态', '议价次数', '最后更新', '报价截止时间']);

    const first = await rowOf('XJ2030-0001');
    expect(first.getByRole('link', { name: 'XJ2030-0001' }).getAttribute('href')).toBe('/platform/bargaining/e1');
    expect(first.getByText('瓦楞纸箱询价 1')).toBeTruthy();
    expect(first.getByText('待报价')).toBeTruthy();
    expect(first.getByText('议价中')).toBeTruthy();
    expect(first.getByText('第 1 轮')).toBeTruthy();
    // Counted on the bid service's clock, though this device is years earlier.
    expect(first.getByText('剩余 2 天 5 小时')).toBeTruthy();

    const second = await rowOf('XJ2030-0002');
    expect(second.getByText('已报价')).toBeTruthy();
    expect(second.getByText('第 3 轮')).toBeTruthy();
    // Date and clock are kept whole apart (a narrow column may stack them): the <time> holds both.
    const shown = formatDateTime('2030-05-31T08:09:10+08:00');
    expect(second.getByText((_, element) => element?.tagName === 'TIME' && element.textContent === shown)).toBeTruthy();
    // Quoted: nothing left to count down.
    expect(second.queryByText(/^剩余/)).toBeNull();

    const third = await rowOf('XJ2030-0003');
    expect(third.getByText('未报价')).toBeTruthy();
    expect(third.getByText('已定标')).toBeTruthy();

    const fourth = await rowOf('XJ2030-0004');
    expect(fourth.getByText('未报价')).toBeTruthy();
    expect(fourth.queryByText('待报价')).toBeNull();

    const fifth = await rowOf('XJ2030-0005');
    expect(fifth.getByText('已取消')).toBeTruthy();
    expect(fifth.queryByText(/^剩余/)).toBeNull();

    expect(screen.getByText('共 5 条询价单')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
  });

  it('draws a table on wide screens and the same enquiries as cards on a phone', async () => {
    serve();
    renderList();
    const table = await screen.findByRole('table');
    expect(table.closest('.hidden.xl\\:block')).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(5);
    expect(cards[0]!.closest('.xl\\:hidden')).toBeTruthy();
    const card = within(screen.getByRole('article', { name: '瓦楞纸箱询价 1' }));
    expect(card.getByRole('link', { name: 'XJ2030-0001' }).getAttribute('href')).toBe('/platform/bargaining/e1');
    expect(card.getByText('待报价')).toBeTruthy();
    expect(card.getByText('剩余 2 天 5 小时')).toBeTruthy();
    expect(card.getByText('第 1 轮')).toBeTruthy();
  });

  it('opens the detail from anywhere on a row', async () => {
    serve();
    const router = renderList();
    const user = userEvent.setup();
    const row = await rowOf('XJ2030-0002');
    await user.click(row.getByText('纸管年度议价'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform/bargaining/e2'));
    expect(await screen.findByText('DETAIL')).toBeTruthy();
  });

  it('writes search, both filters, page and size into the URL and asks the bid service for them', async () => {
    const bodies = serve(RECORDS, 63);
    const router = renderList();
    const user = userEvent.setup();
    await screen.findByRole('table');
    expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 10 });

    await user.type(screen.getByRole('searchbox', { name: '搜索询价单' }), '纸箱');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱' }));

    await user.selectOptions(screen.getByRole('combobox', { name: '报价状态' }), '待报价');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', replyStatus: 'pending' }));
    await user.selectOptions(screen.getByRole('combobox', { name: '业务状态' }), '已定标');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', replyStatus: 'pending', businessStatus: 'awarded' }));

    await user.click(screen.getByRole('button', { name: '下一页' }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: '纸箱', replyStatus: 'pending', businessStatus: 'awarded', page: 2 }),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ pageNo: 2, pageSize: 10, searchContent: '纸箱', replyStatus: 'pending', businessStatus: 'awarded' }),
    );

    // A new size starts again at page 1.
    await user.selectOptions(screen.getByRole('combobox', { name: '每页条数' }), '50 条/页');
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ q: '纸箱', replyStatus: 'pending', businessStatus: 'awarded', size: 50 }),
    );
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 50, searchContent: '纸箱', replyStatus: 'pending', businessStatus: 'awarded' }),
    );

    // Back to everything: the filters say "all" again.
    await user.selectOptions(screen.getByRole('combobox', { name: '报价状态' }), '全部报价状态');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', businessStatus: 'awarded', size: 50 }));
  });

  it('starts from the URL: filters selected, search filled, request sent with them', async () => {
    const bodies = serve();
    renderList('/platform/bargaining?q=XJ&businessStatus=bargaining&replyStatus=bogus&page=3&size=20');
    await screen.findByRole('table');
    expect((screen.getByRole('searchbox', { name: '搜索询价单' }) as HTMLInputElement).value).toBe('XJ');
    expect((screen.getByRole('combobox', { name: '业务状态' }) as HTMLSelectElement).value).toBe('bargaining');
    expect((screen.getByRole('combobox', { name: '报价状态' }) as HTMLSelectElement).value).toBe('');
    expect(bodies.at(-1)).toEqual({ pageNo: 3, pageSize: 20, searchContent: 'XJ', businessStatus: 'bargaining' });
  });

  it('says when nothing matches and clears the filters', async () => {
    serve([]);
    const router = renderList('/platform/bargaining?q=none&replyStatus=replied');
    const user = userEvent.setup();
    expect(await screen.findByText('没有符合条件的询价单')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText('暂无询价单')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '清除筛选' })).toBeNull();
  });

  it('shows the failure with a retry that asks again', async () => {
    server.use(http.post(`${bidService}/enquiry/listByPage`, () => HttpResponse.json({ code: 'E403', message: '无权访问', data: null })));
    renderList();
    expect(await screen.findByText('询价单加载失败')).toBeTruthy();
    expect(screen.getByText('无权访问')).toBeTruthy();
    serve();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it('keeps the page stored on the device on screen, with its age, when it cannot be refreshed (offline)', async () => {
    server.use(http.post(`${bidService}/enquiry/listByPage`, () => HttpResponse.error()));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    // Stored an hour ago (device clock), with the offset of the bid service that answered then.
    const stored = withClock(page(RECORDS.slice(0, 2)), Date.now() - 3_600_000);
    queryClient.setQueryData(enquiryKeys.list('s1', enquiryListRequest(resolveEnquirySearch({}))), stored, {
      updatedAt: Date.now() - 3_600_000,
    });
    renderList('/platform/bargaining', queryClient);
    expect(await screen.findByText(/无法刷新/)).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    // The stored rows stay, counted down by the clock stored with them.
    const first = await rowOf('XJ2030-0001');
    expect(first.getByText('待报价')).toBeTruthy();
    expect(screen.queryByText('询价单加载失败')).toBeNull();
  });
});
