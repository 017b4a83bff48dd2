import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { readReminderRecord, setNotifyWanted } from '../reminders/reminder-store';
import { resetReminderSettings } from '../reminders/use-reminder-settings';
import { inHours, messagePage, todo, todoPage } from '../test/fixtures';
import { stubNotifications, withoutNotifications } from '../test/notifications';
import { renderHome } from '../test/render-home';

const TODOS = [
  todo(1, { kind: 'quoteDue', refId: 'e7', number: 'XJ2030-0007', name: '纸管年度询价', note: '2', deadline: inHours(0.5) }),
  todo(2, { number: 'ZB2030-0002', deadline: inHours(5) }),
  todo(3, { number: 'ZB2030-0003', deadline: inHours(50) }),
];

const server = setupServer(
  http.post(`${bidService}/home/todoList`, () => ok(todoPage(TODOS))),
  http.post(`${bidService}/home/messageList`, () => ok(messagePage([]))),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  vi.unstubAllGlobals();
  resetReminderSettings();
  await resetPortalDb();
});
afterAll(() => server.close());

const todoSection = async () => within(await screen.findByRole('region', { name: '待办事项' }));
const banner = () => screen.queryByRole('region', { name: /项待办即将截止/ });

describe('reminders on the home page', () => {
  it('asks for notifications only when the supplier clicks "提醒我", after saying what it does', async () => {
    const { requestPermission } = stubNotifications('default', 'granted');
    renderHome();
    const button = await (await todoSection()).findByRole('button', { name: '提醒我' });
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toContain('截止前 24 小时和 1 小时');
    // Not on load.
    expect(requestPermission).not.toHaveBeenCalled();
    // Meanwhile the reminders show in the portal.
    expect(await screen.findByRole('region', { name: '2 项待办即将截止' })).toBeTruthy();

    await userEvent.click(button);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await (await todoSection()).findByText(/截止提醒已开启/)).toBeTruthy();
    expect((await readReminderRecord('s1')).notify).toBe(true);
    // Notifications now carry them: no banner.
    await waitFor(() => expect(banner()).toBeNull());
  });

  it('falls back to the portal when the browser refuses: a banner with the due to-dos and a mark on their rows', async () => {
    const { requestPermission } = stubNotifications('default', 'denied');
    renderHome();
    await userEvent.click(await (await todoSection()).findByRole('button', { name: '提醒我' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await (await todoSection()).findByText(/浏览器已阻止本站的通知/)).toBeTruthy();
    expect((await readReminderRecord('s1')).notify).toBe(false);

    const region = within((await screen.findByRole('region', { name: '2 项待办即将截止' })) as HTMLElement);
    expect(region.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['XJ2030-0007', '/platform/bargaining/e7'],
      ['ZB2030-0002', '/platform/tenderManagement/t2'],
    ]);
    expect(region.getByText('请提交第 2 轮报价')).toBeTruthy();
    const table = within(await (await todoSection()).findByRole('table'));
    expect(table.getByText('1 小时内截止')).toBeTruthy();
    expect(table.getByText('24 小时内截止')).toBeTruthy();
  });

  it('says so where the browser has no notifications, and reminds in the portal', async () => {
    withoutNotifications();
    renderHome();
    expect(await (await todoSection()).findByText(/此浏览器不支持系统通知/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提醒我' })).toBeNull();
    expect(await screen.findByRole('region', { name: '2 项待办即将截止' })).toBeTruthy();
  });

  it('lets a supplier who turned them on turn them off, without asking the browser', async () => {
    const { requestPermission } = stubNotifications('granted');
    await setNotifyWanted('s1', true);
    renderHome();
    await userEvent.click(await (await todoSection()).findByRole('button', { name: '关闭提醒' }));
    expect(await (await todoSection()).findByRole('button', { name: '提醒我' })).toBeTruthy();
    expect((await readReminderRecord('s1')).notify).toBe(false);
    expect(await screen.findByRole('region', { name: '2 项待办即将截止' })).toBeTruthy();

    // Allowed already (by this site, for this device): a click turns them on without a prompt.
    await userEvent.click(await (await todoSection()).findByRole('button', { name: '提醒我' }));
    expect(await (await todoSection()).findByText(/截止提醒已开启/)).toBeTruthy();
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
