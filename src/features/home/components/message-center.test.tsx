import type { HomeMessage } from '@contract/schemas/home';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { resetToasts } from '@/ui/toast';
import { resetReminderSettings } from '../reminders/use-reminder-settings';
import { message, messagePage, todoPage } from '../test/fixtures';
import { renderHome } from '../test/render-home';

/** Newest first, as the bid service answers; one of every kind that needs a word of its own. */
const MESSAGES = (): HomeMessage[] => [
  message(1, { kind: 'resultAnnounced', note: 'won', refId: 'r1', number: 'ZB2030-0001' }),
  message(2, { kind: 'depositRejected', note: '汇款金额与保证金不符', refId: 'r2', number: 'ZB2030-0002' }),
  message(3, { kind: 'roundOpened', note: '3', refId: 'e3', number: 'XJ2030-0003', read: true }),
  message(4, { kind: 'visitApproved', refId: 'v4', number: 'FS20300601004', deadline: null, read: true }),
  message(5, { kind: 'visitReturned', note: '缺少劳务合同', refId: 'v5', number: 'FS20300601005', deadline: null }),
  message(6, { kind: 'communicationReplied', refId: 'c6', number: 'GT2030060006', read: true }),
  message(7, { kind: 'resultAnnounced', note: 'lost', refId: 'r7', number: 'ZB2030-0007', read: true }),
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  resetReminderSettings();
  resetToasts();
  await resetPortalDb();
});
afterAll(() => server.close());

/** A bid service that remembers what was read. */
function serve(messages = MESSAGES(), total?: number) {
  const lists: { pageNo: number; pageSize: number; unreadOnly: boolean }[] = [];
  const marks: unknown[] = [];
  const unread = () => messages.filter((m) => !m.read).length;
  server.use(
    http.post(`${bidService}/home/todoList`, () => ok(todoPage([]))),
    http.post(`${bidService}/home/messageList`, async ({ request }) => {
      const body = (await request.json()) as (typeof lists)[number];
      lists.push(body);
      const records = messages.filter((m) => !body.unreadOnly || !m.read);
      return ok(messagePage(records, { total: total ?? records.length, pageNo: body.pageNo, pageSize: body.pageSize, unread: unread() }));
    }),
    http.post(`${bidService}/home/markRead`, async ({ request }) => {
      const body = (await request.json()) as { ids?: string[]; all?: true };
      marks.push(body);
      for (const m of messages) if (body.all || body.ids?.includes(m.id)) m.read = true;
      return ok({ unread: unread() });
    }),
  );
  return { lists, marks };
}

const center = () => screen.findByRole('region', { name: /消息中心/ });
async function tableRows() {
  const table = await within(await center()).findByRole('table');
  await within(table).findAllByRole('link');
  return within(table).getAllByRole('row').slice(1);
}
const rowOf = async (number: string) => within((await tableRows()).find((row) => within(row).queryByRole('link', { name: number }))!);

describe('message center', () => {
  it('lists the messages newest first with their unread marks, in words, and each linked to its record', async () => {
    serve();
    renderHome();
    const rows = await tableRows();
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'ZB2030-0001',
      'ZB2030-0002',
      'XJ2030-0003',
      'FS20300601004',
      'FS20300601005',
      'GT2030060006',
      'ZB2030-0007',
    ]);
    expect(rows.map((row) => within(row).queryByText('未读') !== null)).toEqual([true, true, false, false, true, false, false]);
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/platform/tenderManagement/r1',
      '/platform/tenderManagement/r2',
      '/platform/bargaining/e3',
      '/platform/visitorApplyNew/v4',
      '/platform/visitorApplyNew/v5',
      '/platform/communicateRecord/c6',
      '/platform/tenderManagement/r7',
    ]);
    const [won, rejected, round, approved, returned, replied, lost] = rows.map((row) => within(row));
    expect(won!.getByText('评标结果已公布：恭喜，您已中标')).toBeTruthy();
    expect(rejected!.getByText('投标保证金被退回（原因：汇款金额与保证金不符），请重新缴纳')).toBeTruthy();
    expect(round!.getByText('采购方已开启第 3 轮议价')).toBeTruthy();
    expect(approved!.getByText('参观申请已通过审核')).toBeTruthy();
    expect(returned!.getByText('参观申请被退回（原因：缺少劳务合同）')).toBeTruthy();
    expect(replied!.getByText('采购方回复了您的沟通')).toBeTruthy();
    expect(lost!.getByText('评标结果已公布：很遗憾，您未中标')).toBeTruthy();
    expect(within(await center()).getByRole('heading', { name: '消息中心（未读 3 条）' })).toBeTruthy();
    expect(screen.getByText('共 7 条消息，3 条未读')).toBeTruthy();
  });

  it('marks a message read when it is opened, and sends nothing for one already read', async () => {
    const { marks } = serve();
    const { router } = renderHome();
    await userEvent.click((await rowOf('XJ2030-0003')).getByRole('link'));
    expect(await screen.findByText('STUB enquiry e3')).toBeTruthy();
    router.history.back();

    await userEvent.click((await rowOf('ZB2030-0002')).getByRole('link'));
    expect(await screen.findByText('STUB tender r2')).toBeTruthy();
    await waitFor(() => expect(marks).toEqual([{ ids: ['m2'] }]));
    router.history.back();

    const row = await rowOf('ZB2030-0002');
    expect(row.queryByText('未读')).toBeNull();
    expect(within(await center()).getByRole('heading', { name: '消息中心（未读 2 条）' })).toBeTruthy();
  });

  it('marks all read at once, and the button rests until something new arrives', async () => {
    const { marks } = serve();
    renderHome();
    await tableRows();
    const markAll = within(await center()).getByRole('button', { name: '全部标为已读' });
    await userEvent.click(markAll);
    expect(marks).toEqual([{ all: true }]);
    await waitFor(() => expect(screen.queryAllByText('未读')).toEqual([]));
    expect(within(await center()).getByRole('heading', { name: '消息中心（未读 0 条）' })).toBeTruthy();
    await waitFor(() => expect((markAll as HTMLButtonElement).disabled).toBe(true));
  });

  it('puts the marks back and says so when "mark all" cannot reach the bid service', async () => {
    serve();
    server.use(http.post(`${bidService}/home/markRead`, () => HttpResponse.error()));
    renderHome();
    await tableRows();
    await userEvent.click(within(await center()).getByRole('button', { name: '全部标为已读' }));
    expect(await screen.findByText('网络连接异常，未能全部标为已读，请联网后重试。')).toBeTruthy();
    expect((await rowOf('ZB2030-0001')).getByText('未读')).toBeTruthy();
    expect(within(await center()).getByRole('heading', { name: '消息中心（未读 3 条）' })).toBeTruthy();
  });

  it('filters to the unread ones, in the URL, and says when none is left', async () => {
    const { lists } = serve();
    const { router } = renderHome();
    await tableRows();
    await userEvent.click(within(await center()).getByRole('checkbox', { name: '只看未读' }));
    await waitFor(() => expect(lists.at(-1)).toEqual({ pageNo: 1, pageSize: 10, unreadOnly: true }));
    expect(router.state.location.search).toEqual({ unreadOnly: true });
    await waitFor(async () => expect(await tableRows()).toHaveLength(3));

    await userEvent.click(within(await center()).getByRole('button', { name: '全部标为已读' }));
    expect(await within(await center()).findByText('没有未读消息')).toBeTruthy();
    await userEvent.click(within(await center()).getByRole('button', { name: '查看全部消息' }));
    await waitFor(async () => expect(await tableRows()).toHaveLength(7));
  });

  it('pages with its own pager', async () => {
    const { lists } = serve(MESSAGES(), 30);
    const { router } = renderHome();
    await tableRows();
    await userEvent.click(within(screen.getByRole('navigation', { name: '消息分页' })).getByRole('button', { name: '第 3 页' }));
    await waitFor(() => expect(lists.at(-1)).toEqual({ pageNo: 3, pageSize: 10, unreadOnly: false }));
    expect(router.state.location.search).toEqual({ messagePage: 3 });
  });

  it('says when there is no message yet', async () => {
    serve([]);
    renderHome();
    expect(await within(await center()).findByText('暂无消息')).toBeTruthy();
    expect((within(await center()).getByRole('button', { name: '全部标为已读' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
