import { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import { apiEffects } from '@/api/effects';
import { clearSession, COOKIE } from '@/api/session';
import { renderWithI18n } from '@/test/render';
import { resetToasts, ToastHost } from '@/ui/toast';
import { installApiEffects } from './api-effects';

function fakeRouter(pathname: string, href = pathname) {
  const navigate = vi.fn(async () => {});
  return { router: { state: { location: { pathname, href } }, navigate } as unknown as AnyRouter, navigate };
}

afterEach(() => {
  resetToasts();
  clearSession();
});

describe('installApiEffects', () => {
  it('businessError shows the server message as an error toast', () => {
    const { router } = fakeRouter('/platform/home');
    installApiEffects(router, new QueryClient());
    renderWithI18n(<ToastHost />);
    act(() => apiEffects().businessError('保存失败：数据不存在', 'E404'));
    expect(screen.getByText('保存失败：数据不存在').closest('[aria-live]')?.getAttribute('aria-live')).toBe('assertive');
  });

  it('unauthorized warns with the server message, clears the cache and goes to login with the current path', async () => {
    const { router, navigate } = fakeRouter('/platform/bargaining', '/platform/bargaining?tab=2');
    const queryClient = new QueryClient();
    queryClient.setQueryData(['session', 's1'], { name: 'old' });
    installApiEffects(router, queryClient);
    renderWithI18n(<ToastHost />);
    act(() => apiEffects().unauthorized('会话已超时或令牌已过期，请重新登录'));
    expect(await screen.findByText('会话已超时或令牌已过期，请重新登录')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith({ to: '/login', search: { redirect: '/platform/bargaining?tab=2' } });
    expect(queryClient.getQueryData(['session', 's1'])).toBeUndefined();
  });

  it('does not navigate again when already on login', () => {
    const { router, navigate } = fakeRouter('/login');
    installApiEffects(router, new QueryClient());
    apiEffects().unauthorized('x');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('networkFailure shows an alert titled with the status', async () => {
    const { router } = fakeRouter('/login');
    installApiEffects(router, new QueryClient());
    renderWithI18n(<ToastHost />);
    act(() => apiEffects().networkFailure(-100));
    expect((await screen.findByRole('alertdialog', { hidden: true })).textContent).toContain('-100');
    expect(screen.getByText('网络请求异常，请联系管理员')).toBeTruthy();
  });

  it('needsConnection says so plainly, without the alert', async () => {
    const { router } = fakeRouter('/platform/modifyPassword');
    installApiEffects(router, new QueryClient());
    renderWithI18n(<ToastHost />);
    act(() => apiEffects().needsConnection());
    expect(await screen.findByText('此操作需要网络连接。当前没有网络，已填写的内容仍保留，联网后请再试。')).toBeTruthy();
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
  });

  it('tokenLost of a timed-out session shows the wire message and goes to login', async () => {
    const { router, navigate } = fakeRouter('/platform/home');
    installApiEffects(router, new QueryClient());
    renderWithI18n(<ToastHost />);
    // The token's cookie expired; `auth` outlives it.
    Cookies.set(COOKIE.auth, '1');
    act(() => apiEffects().tokenLost());
    expect(await screen.findByText('令牌丢失，请重新登录！')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith({ to: '/login', search: { redirect: '/platform/home' } });
  });

  it('tokenLost after the session was ended (a logout, an E401 that said so) goes to login without a second message', async () => {
    const { router, navigate } = fakeRouter('/platform/home');
    installApiEffects(router, new QueryClient());
    renderWithI18n(<ToastHost />);
    Cookies.set(COOKIE.auth, '1');
    Cookies.set(COOKIE.token, 'tok');
    clearSession();
    act(() => apiEffects().tokenLost());
    expect(navigate).toHaveBeenCalledWith({ to: '/login', search: { redirect: '/platform/home' } });
    // A toast would show on the next render; the host stays empty.
    await act(() => Promise.resolve());
    expect(screen.queryByText('令牌丢失，请重新登录！')).toBeNull();
  });
});
