import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sessionState } from '@/api/session';
import { kvGet, kvSet, supplierOwner } from '@/offline/db';
import { enqueue, listEntries } from '@/offline/outbox';
import { logIn, resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderWithI18n } from '@/test/render';
import { ToastHost } from '@/ui/toast';
import { logout } from './logout';

const server = setupServer(http.post(`${bidService}/supplier/logout`, () => ok(null)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  await resetPortalDb();
});
afterAll(() => server.close());

const reply = (text: string) =>
  enqueue({
    owner: supplierOwner('s1'),
    thread: 'communication:c1',
    call: 'communicationReply',
    payload: { replyContent: text },
    summary: text,
  });

describe('logout', () => {
  it('says how many entries wait, keeps them on the device, and wipes the persisted lists', async () => {
    logIn('s1');
    document.cookie = 'username=acme; path=/';
    await reply('一');
    await reply('二');
    await kvSet('rq:s1|["threads"]', { buster: 'any', query: {} });
    renderWithI18n(<ToastHost />);
    const user = userEvent.setup();

    const done = logout(new QueryClient());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('还有 2 条待发送的内容');
    await user.click(within(dialog).getByRole('button', { name: '退出登录' }));
    expect(await done).toBe(true);
    // The dialog closes after its delay; the confirm queue must be empty for the next test.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 2000 });

    expect(sessionState()).toBe('none');
    expect(await listEntries([supplierOwner('s1')])).toHaveLength(2);
    expect(await kvGet('rq:s1|["threads"]')).toBeUndefined();
  });

  it('asks the plain question when nothing waits, and cancelling keeps the session', async () => {
    logIn('s1');
    renderWithI18n(<ToastHost />);
    const user = userEvent.setup();
    const done = logout(new QueryClient());
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('确定要退出登录吗？');
    expect(dialog.textContent).not.toContain('待发送');
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(await done).toBe(false);
    expect(sessionState()).toBe('active');
  });
});
