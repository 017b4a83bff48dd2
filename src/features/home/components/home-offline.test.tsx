import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readPersistedQueries, restorePersistedQueries, wipePersistedQueries } from '@/app/query-persist';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { formatDateTime } from '@/ui/format';
import { resetReminderSettings } from '../reminders/use-reminder-settings';
import { counts, message, messagePage, todo, todoPage } from '../test/fixtures';
import { renderHome } from '../test/render-home';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  resetReminderSettings();
  await wipePersistedQueries('s1');
  await resetPortalDb();
});
afterAll(() => server.close());

const storedHomeKeys = async () => (await readPersistedQueries('s1')).filter((q) => q.queryKey[0] === 'home');

/** The persistence module as a reloaded page has it: following no session yet. */
async function reloaded() {
  vi.resetModules();
  return import('@/app/query-persist');
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('home offline', () => {
  it('keeps the to-dos and messages on the device per supplier, and shows them offline with their age', async () => {
    server.use(
      http.post(`${bidService}/home/todoList`, () =>
        ok(todoPage([todo(1, { number: 'ZB2030-0001' })], { counts: counts({ tenders: 1, unreadMessages: 1 }) })),
      ),
      http.post(`${bidService}/home/messageList`, () => ok(messagePage([message(2, { number: 'ZB2030-0002' })]))),
    );
    const online = client();
    await restorePersistedQueries(online, 's1');
    renderHome('/platform/home', online);
    expect(await screen.findAllByRole('link', { name: 'ZB2030-0001' })).not.toHaveLength(0);
    expect(await screen.findAllByRole('link', { name: 'ZB2030-0002' })).not.toHaveLength(0);
    // Both lists are on the device as soon as they arrived.
    await vi.waitFor(async () => expect((await storedHomeKeys()).map((q) => q.queryKey[2]).sort()).toEqual(['messages', 'todos']), {
      timeout: 4000,
    });
    const storedAt = Math.min(...(await storedHomeKeys()).map((q) => q.dataUpdatedAt));
    cleanup();

    // A reload with the bid service out of reach: a fresh cache restored from the device.
    server.use(
      http.post(`${bidService}/home/todoList`, () => HttpResponse.error()),
      http.post(`${bidService}/home/messageList`, () => HttpResponse.error()),
    );
    const offline = client();
    await (await reloaded()).restorePersistedQueries(offline, 's1');
    renderHome('/platform/home', offline);

    const todos = within(await screen.findByRole('region', { name: '待办事项' }));
    const messages = within(await screen.findByRole('region', { name: /消息中心/ }));
    expect(await todos.findByText(/无法刷新/)).toBeTruthy();
    expect(await messages.findByText(/无法刷新/)).toBeTruthy();
    expect(todos.getAllByRole('link', { name: 'ZB2030-0001' })).not.toHaveLength(0);
    expect(messages.getAllByRole('link', { name: 'ZB2030-0002' })).not.toHaveLength(0);
    // Its age: when it was stored on this device.
    expect(todos.getByText(formatDateTime(new Date(storedAt).toISOString()))).toBeTruthy();
    expect(todos.queryByText('待办事项加载失败')).toBeNull();
  });

  it('says plainly that the to-dos cannot be loaded when nothing is stored', async () => {
    server.use(
      http.post(`${bidService}/home/todoList`, () => HttpResponse.error()),
      http.post(`${bidService}/home/messageList`, () => HttpResponse.error()),
    );
    renderHome();
    const todos = within(await screen.findByRole('region', { name: '待办事项' }));
    expect(await todos.findByText('待办事项加载失败')).toBeTruthy();
    expect(todos.getByText('网络连接异常，请稍后重试。')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('消息加载失败')).toBeTruthy());
  });
});
