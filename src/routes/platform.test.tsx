import type { HomeCounts } from '@contract/schemas/home';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { focusManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPersistedQueries, wipePersistedQueries } from '@/app/query-persist';
import { counts, inHours, message, messagePage, todo, todoPage } from '@/features/home/test/fixtures';
import { supplierOwner, type OutboxEntry } from '@/offline/db';
import { enqueue, listEntries } from '@/offline/outbox';
import { emitSent } from '@/offline/events';
import { logIn, resetPortalDb } from '@/offline/test-helpers';
import { clearSession, saveLogin, sessionState } from '@/api/session';
import { bidService, loginAnswer, ok } from '@/test/fixtures';
import { supplierSession } from '@/test/session';
import { Route as HomeRoute } from './platform/home';
import { Route as SupplierInfoRoute } from './platform/supplierInfoManagement';
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
  await wipePersistedQueries('s1');
  await resetPortalDb();
});
afterAll(() => server.close());

const SUPPLIER = {
  supplierId: 's1',
  supplierCode: 'GYS100001',
  supplierCodeMain: 'GYS100001',
  username: 'acme',
  status: 'A104',
  supplierRoleType: 'supplier',
  supplierName: '示例纸业',
  contactName: '李四',
  createdAt: '2030-01-01T00:00:00Z',
};

function serve(current: { counts: HomeCounts; status2?: string }, todos = [todo(1)]) {
  const marked: unknown[] = [];
  server.use(
    // The supplier behind the token: tok-2 is the other supplier another tab logs in as.
    http.post(`${bidService}/supplier/getByToken`, ({ request }) =>
      ok(
        request.headers.get('X-Access-Token') === 'tok-2'
          ? {
              ...SUPPLIER,
              supplierId: 's2',
              supplierCode: 'GYS100002',
              username: 'beta',
              supplierName: '另一家纸业',
              contactName: '王五',
              status: current.status2 ?? 'A104',
            }
          : SUPPLIER,
      ),
    ),
    http.post(`${bidService}/home/todoList`, () => ok(todoPage(todos, { counts: current.counts }))),
    http.post(`${bidService}/home/messageList`, () =>
      ok(messagePage([message(1), message(2, { read: true })], { unread: current.counts.unreadMessages })),
    ),
    http.post(`${bidService}/home/markRead`, async ({ request }) => {
      marked.push(await request.json());
      current.counts = { ...current.counts, unreadMessages: current.counts.unreadMessages - 1 };
      return ok({ unread: current.counts.unreadMessages });
    }),
  );
  return marked;
}

function renderPlatform(path = '/platform/home', logInFirst = true) {
  if (logInFirst) saveLogin(loginAnswer());
  const platform = PlatformRoute.update({ id: '/platform', path: '/platform', getParentRoute: () => RootRoute } as never);
  const home = HomeRoute.update({ id: '/home', path: '/home', getParentRoute: () => platform } as never);
  const stubs = [
    'tenderManagement',
    'tenderManagement/$id',
    'bargaining',
    'communicateRecord',
    'visitorApplyNew',
    'supplierInfoManagement',
    'modifyPassword',
  ].map((stub) => createRoute({ getParentRoute: () => platform, path: stub, component: () => <p>{`STUB ${stub}`}</p> }));
  const login = createRoute({ getParentRoute: () => RootRoute, path: 'login', component: () => <p>STUB login</p> });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createRouter({
    routeTree: RootRoute.addChildren([platform.addChildren([home, ...stubs]), login]),
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

    expect(
      await within(await screen.findByRole('navigation', { name: '主菜单' })).findByRole('link', { name: '投标管理 3 项待办' }),
    ).toBeTruthy();
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
      // Proves a negative: a later rewrite (the count lost) would come within these 50 ms.
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
    // The rows come in a deferred render after the answer (src/ui/list-results.tsx).
    const table = await within(messages).findByRole('table');
    await userEvent.click(within(table).getByRole('link', { name: 'ZB2030-0001' }));
    expect(await screen.findByText('STUB tenderManagement/$id')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('(1) 投标管理 - 供应商门户'));
    expect(marked).toEqual([{ ids: ['m1'] }]);
  });

  it('reminds of a deadline within the hour on any platform screen (in the portal, without notifications)', async () => {
    serve({ counts: counts({ enquiries: 1 }) }, [
      todo(1, { kind: 'quoteDue', refId: 'e7', number: 'XJ2030-0007', name: '纸管年度询价', note: '2', deadline: inHours(0.5) }),
    ]);
    renderPlatform('/platform/bargaining');
    expect(await screen.findByText('待办将在 1 小时内截止：XJ2030-0007 纸管年度询价：请提交第 2 轮报价')).toBeTruthy();
  });
});

/**
 * The tab is focused again; what the guard then does (a session check, a redirect) settles inside
 * act. The 100 ms only keeps React's updates inside act (without it they warn): no test relies on
 * it being enough, each caller waits for the outcome with findBy.
 */
const tabBack = () =>
  act(async () => {
    window.dispatchEvent(new Event('focus'));
    await new Promise((resolve) => setTimeout(resolve, 100));
  });

describe('platform route: the session', () => {
  it('without a session sends to /login with the address asked for, and says so', async () => {
    serve({ counts: counts() });
    const { router } = renderPlatform('/platform/home', false);
    expect(await screen.findByText('STUB login')).toBeTruthy();
    expect(router.state.location.search).toEqual({ redirect: '/platform/home' });
    expect(await screen.findByText('请先登录')).toBeTruthy();
  });

  it('with cookies missing a part the screens need (no account, no login info) sends to /login and forgets them', async () => {
    serve({ counts: counts() });
    logIn('s1');
    renderPlatform('/platform/home', false);
    expect(await screen.findByText('STUB login')).toBeTruthy();
    expect(sessionState()).toBe('none');
  });

  it("asks for the screen's reads without waiting for the session check, and shows no screen before it answered", async () => {
    serve({ counts: counts() });
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.post(`${bidService}/supplier/getByToken`, async () => {
        await answered;
        return ok({ ...SUPPLIER, supplierCode: 'SUP001' });
      }),
    );
    const asked: string[] = [];
    const follow = ({ request }: { request: Request }) => void asked.push(new URL(request.url).pathname.replace(/.*\/bid-service/, ''));
    server.events.on('request:start', follow);
    try {
      renderPlatform();
      await waitFor(() => expect(asked).toEqual(expect.arrayContaining(['/supplier/getByToken', '/home/todoList', '/home/messageList'])));
      expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
      answer();
      expect(await screen.findByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
      // The rows it read meanwhile, and the menu's counts.
      expect((await screen.findAllByText('ZB2030-0001')).length).toBeGreaterThan(0);
      await waitFor(() => expect(document.title).toBe('首页 - 供应商门户'));
    } finally {
      server.events.removeListener('request:start', follow);
    }
  });

  it('hands on the session the check answered where it differs from the cookies (a new status): the menus follow it', async () => {
    serve({ counts: counts() });
    server.use(http.post(`${bidService}/supplier/getByToken`, () => ok({ ...SUPPLIER, status: 'A101' })));
    renderPlatform();
    expect(await screen.findByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
    expect(screen.getByText('A101')).toBeTruthy();
    expect(within(mainMenu()).queryByRole('link', { name: /^投标管理/ })).toBeNull();
  });

  it('greets with the session the guard read, and follows a login as another supplier in another tab when this tab is back', async () => {
    serve({ counts: counts() });
    renderPlatform();
    expect(await screen.findByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
    expect(screen.getByText('欢迎回来，李四')).toBeTruthy();

    // Another tab logged in as supplier s2: nothing changes under the open screen...
    saveLogin(
      loginAnswer({
        supplierId: 's2',
        supplierCode: 'GYS100002',
        oauthToken: 'tok-2',
        username: 'beta',
        userInfo: { supplierName: '另一家纸业', contactName: '王五', supplierRoleType: 'supplier' },
      }),
    );
    await act(() => activateLocale('zh-CN'));
    expect(screen.getByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
    // ...until the tab is back: the guard runs again and the screens get the new session.
    await tabBack();
    expect(await screen.findByRole('heading', { level: 1, name: '另一家纸业' })).toBeTruthy();
    expect(screen.getByText('欢迎回来，王五')).toBeTruthy();
  });

  it('follows a new status of the same supplier (logged in again in another tab after approval)', async () => {
    const current: { counts: HomeCounts; status2?: string } = { counts: counts(), status2: 'A101' };
    serve(current);
    saveLogin(loginAnswer({ supplierId: 's2', oauthToken: 'tok-2', username: 'beta', status: 'A101' }));
    renderPlatform('/platform/home', false);
    expect(await screen.findByRole('heading', { level: 1, name: '另一家纸业' })).toBeTruthy();
    expect(within(mainMenu()).queryByRole('link', { name: /^投标管理/ })).toBeNull();

    current.status2 = 'A104';
    saveLogin(loginAnswer({ supplierId: 's2', oauthToken: 'tok-2', username: 'beta', status: 'A104' }));
    await tabBack();
    expect(await within(mainMenu()).findByRole('link', { name: /^投标管理/ })).toBeTruthy();
  });

  it("a timed-out session keeps only the cookies the guard reads: the supplier's stored reads go, its outbox entries stay", async () => {
    serve({ counts: counts() });
    renderPlatform();
    expect(await screen.findByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
    await enqueue({
      owner: supplierOwner('s1'),
      thread: 'communication:c1',
      call: 'communicationReply',
      payload: { replyContent: '稍后发送' },
      summary: '稍后发送',
    });
    await vi.waitFor(async () => expect((await readPersistedQueries('s1')).length).toBeGreaterThan(0));

    // The token cookie expired with the token; `auth` is left.
    document.cookie = 'token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    await tabBack();
    expect(await screen.findByText('STUB login')).toBeTruthy();
    expect(sessionState()).toBe('timedOut');
    await vi.waitFor(async () => expect(await readPersistedQueries('s1')).toEqual([]));
    expect(await listEntries([supplierOwner('s1')])).toHaveLength(1);
  });

  it('goes to /login when another tab logged out and this one is back', async () => {
    serve({ counts: counts() });
    renderPlatform();
    expect(await screen.findByRole('heading', { level: 1, name: '示例纸业' })).toBeTruthy();
    clearSession();
    await tabBack();
    expect(await screen.findByText('STUB login')).toBeTruthy();
  });
});

describe('platform screens: the supplier from the route context', () => {
  it('the supplier info screen loads the supplier the platform route context names (loader and screen), not a cookie', async () => {
    // A token for the request layer; no supplier cookie at all.
    document.cookie = 'token=t; path=/';
    const asked: string[] = [];
    server.use(
      http.get(`${bidService}/supplier/getById/:supplierId`, ({ params }) => {
        asked.push(String(params.supplierId));
        return HttpResponse.json({ code: 'E404', message: '数据不存在', data: null });
      }),
    );
    const root = createRootRoute({ component: Outlet });
    const platform = createRoute({
      getParentRoute: () => root,
      path: '/platform',
      beforeLoad: () => ({ session: supplierSession({ supplierId: 'ctx-7' }) }),
      component: Outlet,
    });
    const info = SupplierInfoRoute.update({
      id: '/supplierInfoManagement',
      path: '/supplierInfoManagement',
      getParentRoute: () => platform,
    } as never);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createRouter({
      routeTree: root.addChildren([platform.addChildren([info])]),
      history: createMemoryHistory({ initialEntries: ['/platform/supplierInfoManagement'] }),
      context: { queryClient },
    });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(await screen.findByText('供应商信息加载失败')).toBeTruthy();
    expect(asked).toEqual(['ctx-7']);
    expect(queryClient.getQueryCache().find({ queryKey: ['supplier', 'ctx-7'] })).toBeTruthy();
  });
});
