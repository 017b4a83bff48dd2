import type { TodoItem } from '@contract/schemas/home';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetPortalDb } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { formatDateTime } from '@/ui/format';
import { resetReminderSettings } from '../reminders/use-reminder-settings';
import { inHours, messagePage, todo, todoPage } from '../test/fixtures';
import { renderHome } from '../test/render-home';

const HOUR = 3_600_000;

/** As the bid service orders them: by deadline, none last; kinds of every sort. */
const TODOS: TodoItem[] = [
  todo(1, {
    kind: 'quoteDue',
    refId: 'e7',
    number: 'XJ2030-0007',
    name: '纸管年度询价',
    note: '2',
    deadline: new Date(Date.parse(inHours(0)) + 0.5 * HOUR).toISOString(),
  }),
  todo(2, { kind: 'depositDue', refId: 'r2', number: 'ZB2030-0002', deadline: inHours(5) }),
  todo(3, { kind: 'bidDue', refId: 'r3', number: 'ZB2030-0003', deadline: inHours(53.5) }),
  todo(4, { kind: 'visitReturned', refId: 'v4', number: 'FS20300601001', name: '华南生产基地', note: '随行人员缺少保险', deadline: null }),
  todo(5, { kind: 'communicationReplied', refId: 'c5', number: 'GT2030060001', name: '交货期确认', deadline: null }),
];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  resetReminderSettings();
  await resetPortalDb();
});
afterAll(() => server.close());

function serve(records: TodoItem[] = TODOS, total = records.length) {
  const bodies: unknown[] = [];
  server.use(
    http.post(`${bidService}/home/todoList`, async ({ request }) => {
      const body = (await request.json()) as { pageNo: number; pageSize: number };
      bodies.push(body);
      return ok(todoPage(records, { total, pageNo: body.pageNo, pageSize: body.pageSize }));
    }),
    http.post(`${bidService}/home/messageList`, () => ok(messagePage([]))),
  );
  return bodies;
}

const todoSection = () => screen.findByRole('region', { name: '待办事项' });
async function rows() {
  const table = await within(await todoSection()).findByRole('table');
  await within(table).findAllByRole('link');
  return within(table).getAllByRole('row').slice(1);
}

describe('to-do list', () => {
  it('keeps the order of the bid service, shows the columns of SPEC.md and links each kind to where the work is done', async () => {
    serve();
    renderHome();
    const table = await within(await todoSection()).findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['招标编号', '投标截止时间', '招标名称', '内容', '创建时间']);

    const all = await rows();
    expect(all.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'XJ2030-0007',
      'ZB2030-0002',
      'ZB2030-0003',
      'FS20300601001',
      'GT2030060001',
    ]);
    expect(all.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/platform/bargaining/e7',
      '/platform/tenderManagement/r2',
      '/platform/tenderManagement/r3',
      '/platform/visitorApplyNew/new?copy=v4',
      '/platform/communicateRecord/c5',
    ]);

    const [quote, deposit, bid, visit, thread] = all.map((row) => within(row));
    expect(quote!.getByText('请提交第 2 轮报价')).toBeTruthy();
    expect(quote!.getByText('纸管年度询价')).toBeTruthy();
    // Counted on the bid service's clock, though this device is years earlier.
    expect(quote!.getByText('剩余 30 分钟')).toBeTruthy();
    expect(deposit!.getByText('请在截止时间前缴纳投标保证金')).toBeTruthy();
    expect(deposit!.getByText('剩余 5 小时 0 分钟')).toBeTruthy();
    expect(deposit!.getByText(formatDateTime(inHours(5)))).toBeTruthy();
    expect(bid!.getByText('保证金已确认，请上传投标文件和物料清单')).toBeTruthy();
    expect(bid!.getByText('剩余 2 天 5 小时')).toBeTruthy();
    expect(visit!.getByText('参观申请被退回（原因：随行人员缺少保险），请修改后重新提交')).toBeTruthy();
    expect(visit!.getByText('—')).toBeTruthy();
    expect(thread!.getByText('采购方已回复，请查看并答复')).toBeTruthy();
    expect(thread!.getByText(formatDateTime(TODOS[4]!.createdAt))).toBeTruthy();

    // The reminders' marks, in words: within the hour, within the day, none further out.
    expect(quote!.getByText('1 小时内截止')).toBeTruthy();
    expect(deposit!.getByText('24 小时内截止')).toBeTruthy();
    expect(bid!.queryByText(/小时内截止/)).toBeNull();
    expect(screen.getByText('共 5 项待办')).toBeTruthy();
  });

  it('opens a to-do where the work is done', async () => {
    serve();
    renderHome();
    const all = await rows();
    await userEvent.click(within(all[3]!).getByRole('link'));
    expect(await screen.findByText('STUB visit new copy=v4')).toBeTruthy();
  });

  it('pages with the pager and keeps the page in the URL', async () => {
    const bodies = serve(TODOS.slice(0, 2), 25);
    const { router } = renderHome();
    await rows();
    const pager = screen.getByRole('navigation', { name: '待办事项分页' });
    await userEvent.click(within(pager).getByRole('button', { name: '下一页' }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 2, pageSize: 10 }));
    expect(router.state.location.search).toEqual({ todoPage: 2 });
    // The home's own search stays home: a link goes to its record alone.
    expect(
      within((await rows())[0]!)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/platform/bargaining/e7');
    await userEvent.selectOptions(within(pager).getByRole('combobox', { name: '每页条数' }), '20');
    await waitFor(() => expect(bodies.at(-1)).toEqual({ pageNo: 1, pageSize: 20 }));
    expect(router.state.location.search).toEqual({ todoSize: 20 });
  });

  it('says when there is nothing to do', async () => {
    serve([]);
    renderHome();
    expect(await within(await todoSection()).findByText('暂无待办')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: '待办事项分页' })).toBeNull();
  });

  it('shows a failure with a retry that asks again', async () => {
    server.use(
      http.post(`${bidService}/home/todoList`, () => HttpResponse.json({ code: 'E500', message: '服务异常', data: null })),
      http.post(`${bidService}/home/messageList`, () => ok(messagePage([]))),
    );
    renderHome();
    const section = within(await todoSection());
    expect(await section.findByText('待办事项加载失败')).toBeTruthy();
    expect(section.getByText('服务异常')).toBeTruthy();
    serve();
    await userEvent.click(section.getByRole('button', { name: '重试' }));
    expect(await section.findByRole('table')).toBeTruthy();
  });
});
