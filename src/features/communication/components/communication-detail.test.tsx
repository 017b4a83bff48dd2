import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { supplierOwner } from '@/offline/db';
import { enqueue } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { fileOf, resetPortalDb, useNodeBlobs } from '@/offline/test-helpers';
import { bidService, ok } from '@/test/fixtures';
import { detail } from '../test/fixtures';
import { CommunicationDetailView } from './communication-detail';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => useNodeBlobs());
afterEach(async () => {
  server.resetHandlers();
  vi.unstubAllGlobals();
  await resetPortalDb();
});
afterAll(() => server.close());

function renderDetail() {
  document.cookie = 'token=t1; path=/';
  document.cookie = 'supplierId=s1; path=/';
  const root = createRootRoute({ component: Outlet });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/platform/communicateRecord/$id',
    component: () => <CommunicationDetailView supplierId="s1" contactName="李四" id="c1" />,
  });
  const list = createRoute({ getParentRoute: () => root, path: '/platform/communicateRecord', component: () => <p>LIST</p> });
  const router = createRouter({
    routeTree: root.addChildren([page, list]),
    history: createMemoryHistory({ initialEntries: ['/platform/communicateRecord/c1'] }),
  });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
}

const queueReply = (detailText: string) =>
  enqueue({
    owner: supplierOwner('s1'),
    thread: 'communication:c1',
    call: 'communicationReply',
    payload: { communicationId: 'c1', detail: detailText, attachments: [] },
    files: [{ field: 'attachments', files: [fileOf('报价单.pdf', 2048)] }],
    summary: detailText,
  });

describe('CommunicationDetailView', () => {
  it('shows the summary, the reply history with downloads, then unsent replies marked as waiting or failed', async () => {
    server.use(http.post(`${bidService}/communication/getById`, () => ok(detail())));
    await queueReply('等待发送的回复');
    const failed = await queueReply('被拒绝的回复');
    await patchEntry(failed.id, (entry) => ({ ...entry, status: 'failed', lastError: { code: 'E409', message: '该沟通已关闭' } }));
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: '关于纸箱规格的问题 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 图纸.pdf' })).toBeTruthy();

    expect(await screen.findByText('等待发送的回复')).toBeTruthy();
    const all = screen.getAllByRole('article');
    expect(all).toHaveLength(4);
    expect(within(all[2]!).getByText('待发送')).toBeTruthy();
    // Written by the supplier's contact, as the platform session names it.
    expect(within(all[2]!).getByText('李四')).toBeTruthy();
    expect(within(all[2]!).getByText('报价单.pdf')).toBeTruthy();
    expect(within(all[3]!).getByText('发送失败：该沟通已关闭')).toBeTruthy();
    expect(within(all[3]!).getByRole('button', { name: /^重试/ })).toBeTruthy();
    expect(within(all[3]!).getByRole('button', { name: /^放弃/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '发送回复' })).toBeTruthy();
  });

  it('offers no reply form on a closed thread', async () => {
    server.use(http.post(`${bidService}/communication/getById`, () => ok(detail({ status: 'closed' }))));
    renderDetail();
    expect(await screen.findByText(/该沟通已由采购方关闭/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '发送回复' })).toBeNull();
  });

  it('still shows the unsent replies when the thread cannot be loaded', { timeout: 15_000 }, async () => {
    server.use(http.post(`${bidService}/communication/getById`, () => Response.error()));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await queueReply('离线写的回复');
    renderDetail();
    // A network failure is retried twice (1 s, 2 s) before the error shows.
    expect(await screen.findByText('沟通记录加载失败', {}, { timeout: 8000 })).toBeTruthy();
    expect(await screen.findByText('离线写的回复')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '待发送的回复' })).toBeTruthy();
  });
});
