import type { HomeCounts } from '@contract/schemas/home';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { counts, inHours, message, messagePage, todo, todoPage } from '@/features/home/test/fixtures';
import type { OutboxEntry } from '@/offline/db';
import { emitSent } from '@/offline/events';
import { logIn, resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { Route as HomeRoute } from './platform/home';
import { Route as PlatformRoute } from './platform';
import { activateLocale } from '@/locales/i18n';
import { Route as RootRoute } from './__root';

/**
 * The real root, platform layout and home routes (their guard, lazy home counts and title), with
 * stubs for the screens the menu links to.
 */
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await resetPortalDb();
});
afterAll(() => server.close());

function serve(current: { counts: HomeCounts }, todos = [todo(1)]) {
  const marked: unknown[] = [];
  server.use(
    http.post(`${bidService}/supplier/getByToken`, () =>
      ok({ supplierId: 's1', supplierCode: 'GYS100001', supplierCodeMain: 'GYS100001', username: 'acme', status: 'A104', supplierRoleType: 'supplier', supplierName: '示例纸业', createdAt: '2030-01-01T00:00:00Z' }),
    ),
    http.post(`${bidService}/home/todoList`, () => ok(todoPage(todos, { counts: current.counts }))),
    http.post(`${bidService}/home/messageList`, () => ok(messagePage([message(1), message(2, { read: true })], { unread: current.counts.unreadMessages }))),
    http.post(`${bidService}/home/markRead`, async ({ request }) => {
      marked.push(await request.json());
      current.counts = { ...current.counts, unreadMessages: current.counts.unreadMessages - 1 };
      return ok({ unread: current.counts.unreadMessages });
    }),
  );
  return marked;
}

function renderPlatform(path = '/platform/home') {
  logIn('s1');
  const platform = PlatformRoute.update({ id: '/platform', path: '/platform', getParentRoute: () => RootRoute } as never);
  const home = HomeRoute.update({ id: '/home', path: '/home', getParentRoute: () => platform } as never);
  const stubs = ['tenderManagement', 'tenderManagement/$id', 'bargaining', 'communicateRecord', 'visitorApplyNew', 'supplierInfoManagement', 'modifyPassword'].map((stub) =>
    createRoute({ getParentRoute: () => platform, path: stub, component: () => <p>{`STUB ${stub}`}</p> }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: RootRoute.addChildren([platform.addChildren([home, ...stubs])]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { router, queryClient };
}

const mainMenu = () => screen.getAllByRole('navigation', { name: '主菜单' })[0]!;

describe('platform layout: the home counts', () => {
  it('shows the to-do counts on the menu entries and the unread messages in the title', async () => {
    serve({ counts: counts({ tenders: 3, enquiries: 1, visits: 2, unreadMessages: 4 }) });
    renderPlatform();

    expect(await within(await screen.findByRole('navigation', { name: '主菜单' })).findByRole('link', { name: '投标管理 3 项待办' })).toBeTruthy();
    const menu = within(mainMenu());
    expect(menu.getByRole('link', { name: '询价议价 1 项待办' }).getAttribute('href')).toBe('/platform/bargaining');
    expect(menu.getByRole('link', { name: '参观申请 2 项待办' })).toBeTruthy();
    // Nothing waits in the communication records: no badge.
    expect(menu.getByRole('link', { name: '沟通记录' })).toBeTruthy();
    // The phone's folded menu carries the sum.
    expect(screen.getByRole('button', { name: /共 6 项待办/ })).toBeTruthy();
    // After the root layout's plain title.
    await waitFor(() => expect(document.title).toBe('(4) 首页 - 供应商门户'));

    // A language switch rewrites the root's title first; the count stays.
    try {
      await act(() => activateLocale('en'));
      await waitFor(() => expect(document.title).toBe('(4) Home - Supplier Portal'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(document.title).toBe('(4) Home - Supplier Portal');
    } finally {
      await act(() => activateLocale('zh-CN'));
    }
  });

  it('follows another screen in the title, and the counts after the outbox sent something or the window regains focus', async () => {
    const current = { counts: counts({ tenders: 2, unreadMessages: 1 }) };
    serve(current);
    const { router } = renderPlatform('/platform/tenderManagement');
    expect(await screen.findByText('STUB tenderManagement')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) 投标管理 - 供应商门户'));
    expect(within(mainMenu()).getByRole('link', { name: '投标管理 2 项待办' })).toBeTruthy();

    // A deposit went from the outbox: that to-do is gone.
    current.counts = counts({ tenders: 1, unreadMessages: 1 });
    emitSent({ id: 'e1', owner: 'supplier:s1', thread: 'tender:t1', call: 'tenderPayDeposit' } as unknown as OutboxEntry, {});
    expect(await within(mainMenu()).findByRole('link', { name: '投标管理 1 项待办' })).toBeTruthy();

    // The buyer replied meanwhile; the supplier comes back to the tab.
    current.counts = counts({ tenders: 1, communication: 1, unreadMessages: 3 });
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await waitFor(() => expect(document.title).toBe('(3) 投标管理 - 供应商门户'));
    expect(within(mainMenu()).getByRole('link', { name: '沟通记录 1 项待办' })).toBeTruthy();
    focusManager.setFocused(undefined);

    await router.navigate({ to: '/platform/home' });
    await waitFor(() => expect(document.title).toBe('(3) 首页 - 供应商门户'));
  });

  it('lowers the unread count in the title when a message is opened', async () => {
    const marked = serve({ counts: counts({ unreadMessages: 2 }) });
    renderPlatform();
    await waitFor(() => expect(document.title).toBe('(2) 首页 - 供应商门户'));
    const messages = await screen.findByRole('region', { name: /消息中心/ });
    const table = within(messages).getByRole('table');
    await userEvent.click(within(table).getByRole('link', { name: 'ZB2030-0001' }));
    expect(await screen.findByText('STUB tenderManagement/$id')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) 投标管理 - 供应商门户'));
    expect(marked).toEqual([{ ids: ['m1'] }]);
  });

  it('reminds of a deadline within the hour on any platform screen (in the portal, without notifications)', async () => {
    serve({ counts: counts({ enquiries: 1 }) }, [todo(1, { kind: 'quoteDue', refId: 'e7', number: 'XJ2030-0007', name: '纸管年度询价', note: '2', deadline: inHours(0.5) })]);
    renderPlatform('/platform/bargaining');
    expect(await screen.findByText('待办将在 1 小时内截止：XJ2030-0007 纸管年度询价：请提交第 2 轮报价')).toBeTruthy();
  });
});
