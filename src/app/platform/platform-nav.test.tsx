import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithI18n } from '@/test/render';
import { PlatformNav } from './platform-nav';

function renderNav(initial: string) {
  const root = createRootRoute({
    component: () => (
      <>
        <PlatformNav status="A104" user={<p>USER</p>} />
        <Outlet />
      </>
    ),
  });
  const pages = ['/platform/home', '/platform/tenderManagement', '/platform/bargaining'].map((path) =>
    createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> }),
  );
  const router = createRouter({ routeTree: root.addChildren(pages), history: createMemoryHistory({ initialEntries: [initial] }) });
  renderWithI18n(<RouterProvider router={router} />);
  return router;
}

describe('<PlatformNav> on a phone', () => {
  it('opens the folded menu, and closes it when the page changes, by its links or otherwise', async () => {
    const router = renderNav('/platform/home');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /菜单/ });
    expect(button.getAttribute('aria-expanded')).toBe('false');

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await act(() => router.navigate({ to: '/platform/tenderManagement' }));
    expect(await screen.findByText('/platform/tenderManagement')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');

    // Open again on the new page: the button folds it, and so does a link in it.
    await user.click(button);
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    const panel = screen.getAllByRole('navigation', { name: '主菜单' }).find((nav) => nav.id === button.getAttribute('aria-controls'))!;
    await user.click(within(panel).getByRole('link', { name: '首页' }));
    expect(await screen.findByText('/platform/home')).toBeTruthy();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('<PlatformNav> draws the menu the size shows', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const screenIsWide = (wide: boolean) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));

  it('on a phone, the folded menu only, its links while it is open', async () => {
    screenIsWide(false);
    renderNav('/platform/home');
    const button = await screen.findByRole('button', { name: /菜单/ });
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    // No sidebar: the folded menu's panel is the only menu.
    expect(screen.getAllByRole('navigation', { hidden: true })).toEqual([panel]);
    expect(panel.querySelectorAll('a')).toHaveLength(0);
    expect(screen.queryByText('USER')).toBeNull();
    await userEvent.click(button);
    expect(within(panel).getByRole('link', { name: '首页' })).toBeTruthy();
    expect(screen.getByText('USER')).toBeTruthy();
  });

  it('on a wide screen, the sidebar only', async () => {
    screenIsWide(true);
    renderNav('/platform/home');
    const menus = await screen.findAllByRole('navigation', { hidden: true });
    expect(menus).toHaveLength(1);
    expect(menus[0]!.getAttribute('aria-label')).toBe('主菜单');
    expect(within(menus[0]!).getByRole('link', { name: '首页', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /菜单/, hidden: true })).toBeNull();
    expect(screen.getAllByText('USER')).toHaveLength(1);
  });
});
