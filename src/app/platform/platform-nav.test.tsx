import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
  const pages = ['/platform/home', '/platform/tenderManagement', '/platform/bargaining'].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> }));
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
