import { message } from '@/locales/wire';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { toast } from '@/ui/toast';
import { SignUpButton } from './sign-up-button';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

function logInAs(status: string) {
  document.cookie = 'token=t1; path=/';
  document.cookie = 'auth=1; path=/';
  document.cookie = 'supplierId=s1; path=/';
  document.cookie = `supplierInfo=${encodeURIComponent(JSON.stringify({ status, supplierRoleType: 'supplier' }))}; path=/`;
}

/** Records each sign-up call (body and idempotency key) and answers with `answer`. */
function serveSignUp(answer: () => Response | Promise<Response>) {
  const calls: { body: unknown; key: string | null }[] = [];
  server.use(
    http.post(`${bidService}/tender/signUp`, async ({ request }) => {
      calls.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
      return answer();
    }),
  );
  return calls;
}

const renderButton = () => renderScreen('/bidDetail/n1', () => <SignUpButton noticeId="n1" />, ['/platform/tenderManagement', '/login']);

describe('SignUpButton', () => {
  it('tells a tourist from the start that signing up needs a login, with a link back to this notice; a tap says it again and calls nothing', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const calls = serveSignUp(() => ok(null));
    renderButton();
    // There before any tap: nothing appears later to push the notice down.
    expect(await screen.findByText(/报名需要先登录/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '去登录' }).getAttribute('href')).toBe('/login?redirect=%2FbidDetail%2Fn1');
    await userEvent.setup().click(screen.getByRole('button', { name: '报名' }));
    expect(warning).toHaveBeenCalledWith('请先登录后再报名');
    expect(calls).toHaveLength(0);
  });

  it('tells a supplier in status A101 why it cannot sign up, without a call', async () => {
    logInAs('A101');
    const calls = serveSignUp(() => ok(null));
    renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: '报名' }));
    expect(screen.getByRole('alert').textContent).toBe(message('signUpNotAllowed', 'zh-CN'));
    expect(calls).toHaveLength(0);
  });

  it('signs up online (busy meanwhile, with an idempotency key) and goes to the record in bid management', async () => {
    logInAs('A141');
    const calls = serveSignUp(async () => {
      await delay(100);
      return ok({ id: 't7' });
    });
    const { router } = renderButton();
    await userEvent.setup().click(await screen.findByRole('button', { name: '报名' }));
    const busy = await screen.findByRole('button', { name: '报名中…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/platform/tenderManagement'));
    expect(router.state.location.search).toEqual({ tenderId: 't7' });
    expect(calls).toEqual([{ body: { noticeId: 'n1' }, key: expect.stringMatching(/.{8,}/) }]);
  });

  it("shows the bid service's refusal (past the deadline) and stays", async () => {
    logInAs('A104');
    const calls = serveSignUp(() => Response.json({ code: 'E409', message: message('pastDeadline', 'zh-CN'), data: null }));
    const { router } = renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '报名' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message('pastDeadline', 'zh-CN'));
    expect(router.state.location.pathname).toBe('/bidDetail/n1');
    // A refusal is an answer: the next click is a new attempt with a new key.
    await user.click(screen.getByRole('button', { name: '报名' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.key).not.toBe(calls[0]!.key);
  });

  it('retries with the same key after a network failure, so a sign-up that did arrive is answered again, not made twice', async () => {
    logInAs('A104');
    let first = true;
    const calls = serveSignUp(() => {
      if (first) {
        first = false;
        return Response.error();
      }
      return ok({ id: 't8' });
    });
    const { router } = renderButton();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '报名' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(await screen.findByRole('button', { name: '报名' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tenderId: 't8' }));
    expect(calls[1]!.key).toBe(calls[0]!.key);
  });
});
