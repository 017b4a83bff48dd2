import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidService, ok } from '@/test/fixtures';
import { compactCommunicationSearch, resolveCommunicationSearch, validateCommunicationSearch } from '../communication-search';
import { summary } from '../test/fixtures';
import { CommunicationList } from './communication-list';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** Answers pages of `total` threads and records every request body. */
function serveList(total: number, bodies: unknown[] = []) {
  server.use(
    http.post(`${bidService}/communication/listByPage`, async ({ request }) => {
      const body = (await request.json()) as { pageNo: number; pageSize: number };
      bodies.push(body);
      const from = (body.pageNo - 1) * body.pageSize;
      const records = Array.from({ length: Math.max(0, Math.min(body.pageSize, total - from)) }, (_, i) => summary(from + i + 1));
      return ok({ records, total, pageNo: body.pageNo, pageSize: body.pageSize });
    }),
  );
  return bodies;
}

function renderList(initial = '/platform/communicateRecord') {
  document.cookie = 'token=t1; path=/';
  document.cookie = 'supplierId=s1; path=/';
  const root = createRootRoute({ component: Outlet });
  const list = createRoute({
    getParentRoute: () => root,
    path: '/platform/communicateRecord',
    validateSearch: validateCommunicationSearch,
    component: function ListScreen() {
      const search = list.useSearch();
      const navigate = list.useNavigate();
      return (
        <CommunicationList
          supplierId="s1"
          search={resolveCommunicationSearch(search)}
          onSearchChange={(next) => void navigate({ search: compactCommunicationSearch(next) as never })}
        />
      );
    },
  });
  const detail = createRoute({ getParentRoute: () => root, path: '/platform/communicateRecord/$id', component: () => <p>DETAIL</p> });
  const router = createRouter({ routeTree: root.addChildren([list, detail]), history: createMemoryHistory({ initialEntries: [initial] }) });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return router;
}

describe('CommunicationList', () => {
  it('renders a row per thread with translated badges, and the pager', async () => {
    serveList(23);
    renderList();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(11); // header + 10
    const first = within(rows[1]!);
    expect(first.getByRole('link', { name: 'GT2026110001' }).getAttribute('href')).toBe('/platform/communicateRecord/c1');
    expect(first.getByText('关于纸箱规格的问题 1')).toBeTruthy();
    expect(first.getByText('高')).toBeTruthy();
    expect(first.getByText('待我方回复')).toBeTruthy();
    expect(first.getByText('ZB2026-1')).toBeTruthy();
    expect(within(rows[2]!).getByText('—')).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '分页' })).toBeTruthy();
  });

  it('writes the search, the status filter and the page into the URL and asks the bid service for them', async () => {
    const bodies = serveList(23);
    const router = renderList();
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.type(screen.getByRole('searchbox', { name: '搜索沟通记录' }), '纸箱');
    await user.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱' }));

    await user.selectOptions(screen.getByRole('combobox', { name: '状态' }), '已关闭');
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', status: 'closed' }));

    await user.click(await screen.findByRole('button', { name: '下一页' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: '纸箱', status: 'closed', page: 2 }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 2, pageSize: 10, searchContent: '纸箱', status: 'closed' }));
  });

  it('starts from the URL and shows an empty state with a way out of the filter', async () => {
    const bodies = serveList(0);
    const router = renderList('/platform/communicateRecord?q=%E6%97%A0&status=closed');
    expect(await screen.findByText('没有符合条件的沟通记录')).toBeTruthy();
    expect(bodies[0]).toEqual({ pageNo: 1, pageSize: 10, searchContent: '无', status: 'closed' });
    expect((screen.getByRole('searchbox', { name: '搜索沟通记录' }) as HTMLInputElement).value).toBe('无');
    await userEvent.setup().click(screen.getByRole('button', { name: '清除筛选' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByText('暂无沟通记录')).toBeTruthy();
  });

  it('shows the failure with a retry', async () => {
    server.use(http.post(`${bidService}/communication/listByPage`, () => Response.json({ code: 'E403', message: '无权访问', data: null })));
    renderList();
    expect(await screen.findByText('无权访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});
