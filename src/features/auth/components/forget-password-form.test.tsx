import { message } from '@/locales/wire';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bidService, ok } from '@/test/fixtures';
import { ForgetPasswordForm } from './forget-password-form';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function renderForm() {
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({ getParentRoute: () => root, path: '/forgetPassword', component: ForgetPasswordForm });
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>LOGIN</p> });
  const router = createRouter({
    routeTree: root.addChildren([page, login]),
    history: createMemoryHistory({ initialEntries: ['/forgetPassword'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

async function askForCode() {
  const user = userEvent.setup();
  await user.type(await screen.findByRole('textbox', { name: /^邮箱/ }), 'supplier@paper.example');
  await user.click(screen.getByRole('button', { name: '获取验证码' }));
}

describe('ForgetPasswordForm: the code request', () => {
  it('says the code could not be sent, and lets the person try again at once (no countdown, no "sent" notice)', async () => {
    let calls = 0;
    server.use(
      http.post(`${bidService}/supplier/getCheckCode`, () => {
        calls++;
        return HttpResponse.json({ code: 'E500', message: message('codeNotSent', 'zh-CN'), data: null }, { status: 500 });
      }),
    );
    renderForm();
    await askForCode();
    expect((await screen.findByRole('alert')).textContent).toBe(message('codeNotSent', 'zh-CN'));
    expect(screen.queryByRole('status')).toBeNull();
    const again = screen.getByRole('button', { name: '获取验证码' });
    expect((again as HTMLButtonElement).disabled).toBe(false);
    await userEvent.setup().click(again);
    await waitFor(() => expect(calls).toBe(2));
  });

  it('starts the resend countdown and says where the code went once it was sent', async () => {
    server.use(http.post(`${bidService}/supplier/getCheckCode`, () => ok({ resendAfterSeconds: 60 })));
    renderForm();
    await askForCode();
    expect((await screen.findByRole('status')).textContent).toContain('验证码已发送');
    expect((screen.getByRole('button', { name: '60 秒后重发' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
