import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { kvSet, supplierOwner, visitorOwner } from '@/offline/db';
import { emitChange, setSyncState } from '@/offline/events';
import { enqueue } from '@/offline/outbox';
import { patchEntry } from '@/offline/outbox-store';
import { logIn, resetPortalDb } from '@/offline/test-helpers';
import { renderScreen } from '@/test/render-screen';
import SyncStatus from './sync-status';

const setOnline = (online: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
};

beforeEach(() => setSyncState({ syncing: false, progress: null }));
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  // Let the live outbox view's last read finish before the database goes (nothing to wait on: a
  // read cut short only opens a database the next reset deletes).
  await new Promise((r) => setTimeout(r, 50));
  await resetPortalDb();
});

describe('SyncStatus', () => {
  it('says online or offline in a polite status region', async () => {
    renderScreen('/', () => <SyncStatus variant="inline" />, ['/pending']);
    const status = await screen.findByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.textContent).toContain('在线');
    setOnline(false);
    expect(status.textContent).toContain('离线');
    setOnline(true);
    expect(status.textContent).toContain('在线');
  });

  it('counts waiting entries with a link to /pending, and shows sync progress', async () => {
    await kvSet('visitor-passes', { '13900000009': { phone: '13900000009' } });
    await enqueue({
      owner: visitorOwner('13900000009'),
      thread: 'visitor:13900000009',
      call: 'h5SavePersonnelEntity',
      payload: {},
      summary: '访客信息',
    });
    renderScreen('/', () => <SyncStatus variant="inline" />, ['/pending']);
    const link = await screen.findByRole('link', { name: '1 条待发送' });
    expect(link.getAttribute('href')).toBe('/pending');
    expect(screen.queryByRole('progressbar')).toBeNull();

    act(() => setSyncState({ syncing: true, progress: { done: 1, total: 3 } }));
    const bar = (await screen.findByRole('progressbar', { name: '正在同步：1 / 3' })) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 3]);
    act(() => setSyncState({ syncing: false, progress: null }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });

  it('counts a write the bid service refused apart, as needing attention, not as waiting', async () => {
    logIn('s1');
    const refused = await enqueue({
      owner: supplierOwner('s1'),
      thread: 'tender:r1',
      call: 'tenderPayDeposit',
      payload: {},
      summary: '缴纳保证金',
    });
    await patchEntry(refused.id, (e) => ({
      ...e,
      status: 'failed',
      lastError: { code: 'E400', message: '保证金金额须与招标公告要求的金额一致' },
    }));
    renderScreen('/', () => <SyncStatus variant="inline" />, ['/pending']);
    const attention = await screen.findByRole('link', { name: '1 条需要处理' });
    expect(attention.getAttribute('href')).toBe('/pending');
    expect(screen.queryByRole('link', { name: /条待发送/ })).toBeNull();
  });

  it('on phones, shows its strip only when there is something to say', async () => {
    renderScreen('/', () => <SyncStatus variant="strip" />, ['/pending']);
    const strip = await screen.findByTestId('sync-status-strip');
    await waitFor(() => expect(strip.className).toMatch(/(^| )hidden( |$)/));
    setOnline(false);
    expect(strip.className).not.toMatch(/(^| )hidden( |$)/);
    expect(strip.textContent).toContain('离线');
  });

  it("warns, in words and with a link to /pending, when the current owners' unsent entries are near or past their deadline", async () => {
    logIn('s1');
    const bid = (owner: string, deadline: number) =>
      enqueue({
        owner: supplierOwner(owner),
        thread: 'tender:r1',
        call: 'tenderSubmitBid',
        payload: {},
        deadline,
        summary: '提交投标文件',
      });
    await bid('s1', Date.now() + 72 * 3600_000);
    // Another supplier's entry on this device is none of this session's business.
    await bid('s2', Date.now() - 1000);
    renderScreen('/', () => <SyncStatus variant="strip" />, ['/pending']);
    expect(await screen.findByRole('link', { name: '1 条待发送' })).toBeTruthy();
    expect(screen.queryByTestId('deadline-warning')).toBeNull();

    const near = await bid('s1', Date.now() + 2 * 3600_000);
    const warning = await screen.findByRole('link', { name: '1 条临近截止' });
    expect(warning.getAttribute('href')).toBe('/pending');
    expect(warning.closest('[role="status"]')).toBeTruthy();

    await patchEntry(near.id, (e) => ({
      ...e,
      deadline: Date.now() - 1000,
      status: 'failed',
      lastError: { code: 'E409', message: '当前日期已超过投标截止时间' },
    }));
    act(() => emitChange());
    expect(await screen.findByRole('link', { name: '1 条已过截止时间' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /临近截止/ })).toBeNull();
  });
});
