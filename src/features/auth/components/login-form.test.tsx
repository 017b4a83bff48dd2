import { message } from '@/locales/wire';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bidService, loginAnswer, ok } from '@/test/fixtures';
import { getRememberedAccount, sessionState } from '@/api/session';
import { toast } from '@/ui/toast';
import { LoginForm } from './login-form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function renderLogin(redirect?: string, onTourist = () => {}) {
  const root = createRootRoute({ component: Outlet });
  const stub = (path: string, text: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{text}</p> });
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    component: () => <LoginForm redirect={redirect} onTourist={onTourist} />,
  });
  const router = createRouter({
    routeTree: root.addChildren([
      login,
      stub('/platform/home', 'HOME'),
      stub('/bidDetail/$id', 'DETAIL'),
      stub('/forgetPassword', 'FORGET'),
      stub('/register', 'REGISTER'),
    ]),
    history: createMemoryHistory({ initialEntries: ['/login'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('LoginForm', () => {
  it('checks the required fields before sending anything and focuses the first', async () => {
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '进入工作台' }));
    const account = screen.getByRole('textbox', { name: /^账号/ });
    // The schema loads on first use, so the check settles a moment after the click.
    await waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(account);
    expect(screen.getAllByText(message('required', 'zh-CN'))).toHaveLength(2);
  });

  it('shows the server message in place when the credentials are wrong', async () => {
    server.use(
      http.post(`${bidService}/supplier/login`, () =>
        HttpResponse.json({ code: 'E400', message: message('loginFailed', 'zh-CN'), data: null }, { status: 400 }),
      ),
    );
    renderLogin();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^账号/ }), 'acme');
    await user.type(screen.getByLabelText(/^密码/), 'wrong1');
    await user.click(screen.getByRole('button', { name: '进入工作台' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message('loginFailed', 'zh-CN'));
    expect((screen.getByRole('textbox', { name: /^账号/ }) as HTMLInputElement).value).toBe('acme');
    expect(sessionState()).toBe('none');
  });

  it('logs in, remembers the account and goes to the redirect target', async () => {
    server.use(
      http.post(`${bidService}/supplier/login`, () => ok(loginAnswer())),
      http.post(`${bidService}/supplier/getByToken`, () => ok({ status: 'A104', supplierRoleType: '1' })),
    );
    const success = vi.spyOn(toast, 'success');
    const router = renderLogin('/bidDetail/n1');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^账号/ }), 'acme');
    await user.type(screen.getByLabelText(/^密码/), 'abc123');
    await user.click(screen.getByRole('checkbox', { name: '记住账号' }));
    await user.click(screen.getByRole('button', { name: '进入工作台' }));
    expect(await screen.findByText('DETAIL')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/bidDetail/n1');
    expect(success).toHaveBeenCalledWith('登录成功');
    expect(getRememberedAccount()).toBe('acme');
    expect(sessionState()).toBe('active');
  });

  it('never follows a redirect to another site', async () => {
    server.use(
      http.post(`${bidService}/supplier/login`, () => ok(loginAnswer())),
      http.post(`${bidService}/supplier/getByToken`, () => ok({ status: 'A104', supplierRoleType: '1' })),
    );
    renderLogin('//evil.example/x');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /^账号/ }), 'acme');
    await user.type(screen.getByLabelText(/^密码/), 'abc123');
    await user.click(screen.getByRole('button', { name: '进入工作台' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
  });

  it('offers tourist mode without touching the session', async () => {
    const onTourist = vi.fn();
    renderLogin(undefined, onTourist);
    await userEvent.setup().click(await screen.findByRole('button', { name: '游客模式' }));
    expect(onTourist).toHaveBeenCalledOnce();
    expect(document.cookie).toBe('');
  });

  it('offers a shortcut to the workbench when a session is active', async () => {
    document.cookie = 'auth=1; path=/';
    document.cookie = 'token=t; path=/';
    document.cookie = 'username=acme; path=/';
    renderLogin();
    await userEvent.setup().click(await screen.findByRole('button', { name: '进入工作台' }));
    expect(await screen.findByText('HOME')).toBeTruthy();
  });
});
