import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, logIn, logOut, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { renderScreen } from '@/test/render-screen';
import { queueVisitApplication } from '../api/queue-visit-application';
import { emptyVisitValues } from '../form/visit-values';
import { resolveVisitSearch } from '../visit-search';
import { VisitListView } from './visit-list';

const server = setupServer(
  http.post(`${bidService}/visitApply/listByPage`, () =>
    ok({ records: [], total: 0, pageNo: 1, pageSize: 10, serverTime: '2026-11-23T08:00:00Z' }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useNodeBlobs();
  logIn('s1');
  Object.defineProperty(navigator, 'storage', {
    configurable: true,
    value: { estimate: async () => ({ quota: 1e10, usage: 0 }), persist: async () => true },
  });
});
afterEach(async () => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'storage');
  logOut();
  await resetPortalDb();
});
afterAll(() => server.close());

describe('<VisitListView> applications still on the device', () => {
  it('links a refused one to its form to mend it; one still waiting has no such link', async () => {
    const values = {
      ...emptyVisitValues('示例纸业'),
      startDate: '2026-12-01',
      endDate: '2026-12-02',
      labourContract: { files: [fileOf('劳务合同.pdf', 20)], kept: [] },
    };
    const refused = await queueVisitApplication('s1', values, '东莞生产基地');
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      attempts: 1,
      lastError: { code: 'E400', message: '接待人不在该部门' },
    }));
    await queueVisitApplication('s1', { ...values, startDate: '2026-12-08', endDate: '2026-12-09' }, '湛江生产基地');
    renderScreen(
      '/platform/visitorApplyNew',
      () => <VisitListView supplierId="s1" search={resolveVisitSearch({})} onSearchChange={() => {}} />,
      ['/pending', '/platform/visitorApplyNew/new'],
    );

    const failed = (await screen.findByText(/东莞生产基地/)).closest('li')!;
    expect(within(failed).getByText('提交失败：接待人不在该部门')).toBeTruthy();
    expect(within(failed).getByRole('link', { name: '修改后重新提交' }).getAttribute('href')).toBe(
      `/platform/visitorApplyNew/new?mend=${refused.id}`,
    );
    const waiting = screen.getByText(/湛江生产基地/).closest('li')!;
    expect(within(waiting).queryByRole('link', { name: '修改后重新提交' })).toBeNull();
  });
});
