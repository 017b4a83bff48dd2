import { i18n } from '@lingui/core';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followScreens, SETTLE_MS, SNAPSHOT_SCREENS } from './screen-snapshots';
import type * as screenStore from './screen-store';
import { readScreen, saveScreen } from './screen-store';
import { logIn, logOut, resetPortalDb } from './test-helpers';

vi.mock('./screen-store', async (original) => {
  const store = await original<typeof screenStore>();
  return { ...store, saveScreen: vi.fn(store.saveScreen) };
});

/** The router as followScreens uses it: what it subscribes to, fired by the test. */
function fakeRouter() {
  const listeners = new Set<() => void>();
  const router = {
    subscribe: (_event: string, listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
  } as unknown as AnyRouter;
  return { router, resolved: () => listeners.forEach((listener) => listener()) };
}

const SCREEN = `<main><h1>投标管理</h1><a href="/platform/tenderManagement/17">ZB20260012</a>
  <form><input name="keyword"><input name="password" type="password"><textarea name="remark"></textarea>
  <select name="status"><option value="">全部</option><option value="2">已中标</option></select><input name="agree" type="checkbox"></form>
  <div style="display: none"><table><tr><td>the desktop table</td></tr></table></div>
  <dialog open><p>确定要退出登录吗？</p></dialog></main>`;

let stop = () => {};
const client = new QueryClient();
const kept = () => readScreen(`${location.pathname}${location.search}`);

beforeEach(() => {
  history.replaceState(null, '', '/platform/tenderManagement?status=2');
  document.head.innerHTML = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
  document.body.innerHTML = `<div id="root">${SCREEN}</div>`;
  document.title = '投标管理 - 供应商门户';
  i18n.activate('zh-CN');
  logIn('A');
});

afterEach(async () => {
  vi.useRealTimers();
  vi.mocked(saveScreen).mockClear();
  stop();
  logOut();
  client.clear();
  history.replaceState(null, '', '/');
  await resetPortalDb();
});

describe("keeping a supplier's screen for its next cold open", () => {
  it('keeps what shows once the screen stands still: its address, language, supplier and title; no hidden parts, no dialog', async () => {
    const form = document.querySelector('form')!;
    (form.elements.namedItem('keyword') as HTMLInputElement).value = 'ZB2026';
    (form.elements.namedItem('password') as HTMLInputElement).value = 'Secret123';
    (form.elements.namedItem('remark') as HTMLTextAreaElement).value = '到账 <已付>';
    (form.elements.namedItem('status') as HTMLSelectElement).value = '2';
    (form.elements.namedItem('agree') as HTMLInputElement).checked = true;
    const { router, resolved } = fakeRouter();
    stop = followScreens(router, client);
    resolved();
    await expect.poll(kept, { timeout: 3000 }).not.toBeNull();
    const screen = (await kept())!;
    expect(screen).toMatchObject({
      path: '/platform/tenderManagement',
      locale: 'zh-CN',
      lang: document.documentElement.lang,
      title: '投标管理 - 供应商门户',
      supplierId: 'A',
      stylesheet: '/assets/index-1.css',
    });
    expect(screen.html).toContain('<a href="/platform/tenderManagement/17">ZB20260012</a>');
    expect(screen.html).not.toContain('the desktop table');
    expect(screen.html).not.toContain('确定要退出登录吗');
    // What the fields hold, as markup the cold open shows; never a password.
    const parsed = new DOMParser().parseFromString(screen.html, 'text/html');
    expect(parsed.querySelector<HTMLInputElement>('[name=keyword]')!.value).toBe('ZB2026');
    expect(parsed.querySelector<HTMLTextAreaElement>('[name=remark]')!.value).toBe('到账 <已付>');
    expect(parsed.querySelector<HTMLSelectElement>('[name=status]')!.value).toBe('2');
    expect(parsed.querySelector<HTMLInputElement>('[name=agree]')!.checked).toBe(true);
    expect(screen.html).not.toContain('Secret123');
    // The live screen is left as it was.
    expect(document.querySelector('dialog')).not.toBeNull();
  });

  it('keeps the top of the page a cold open shows, down to its fold, and a sticky header wherever the page was scrolled', async () => {
    // jsdom lays nothing out: each element says where it starts on the page, scrolled down two screens.
    const screenHeight = window.innerHeight;
    const scrolled = 2 * screenHeight;
    const fold = screenHeight * SNAPSHOT_SCREENS;
    document.getElementById('root')!.innerHTML = `<header style="position: sticky">demo_a104</header><main>${[0, 1, 2, 3]
      .map((i) => `<a href="/platform/tenderManagement/${i}" data-top="${i * fold * 0.4}">row ${i}</a>`)
      .join('')}<nav data-top="${fold + 1}">pages</nav></main>`;
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(scrolled);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const top = this.tagName === 'HEADER' ? 0 : Number(this.getAttribute('data-top') ?? 0) - scrolled;
      return DOMRect.fromRect({ x: 0, y: top, width: 100, height: 10 });
    });
    const { router, resolved } = fakeRouter();
    stop = followScreens(router, client);
    resolved();
    await expect.poll(kept, { timeout: 3000 }).not.toBeNull();
    const { html } = (await kept())!;
    expect(html).toContain('demo_a104');
    expect(html).toContain('row 2');
    expect(html).not.toContain('row 3');
    expect(html).not.toContain('pages');
    vi.restoreAllMocks();
  });

  it('keeps nothing while a read is under way, then what the answer showed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { router, resolved } = fakeRouter();
    let answer: (rows: string[]) => void = () => {};
    const pending = client.fetchQuery({ queryKey: ['tenders'], queryFn: () => new Promise<string[]>((resolve) => (answer = resolve)) });
    stop = followScreens(router, client);
    resolved();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(saveScreen).not.toHaveBeenCalled();
    document.querySelector('h1')!.textContent = '投标管理（已刷新）';
    answer(['ZB20260012']);
    await pending;
    vi.advanceTimersByTime(SETTLE_MS);
    expect(saveScreen).toHaveBeenCalledTimes(1);
    expect(vi.mocked(saveScreen).mock.calls[0]![1].html).toContain('投标管理（已刷新）');
    // The same screen again is not written again.
    resolved();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(saveScreen).toHaveBeenCalledTimes(1);
  });

  it('keeps nothing for a logged-out device, off the platform area, while a snapshot still waits for the app, or of a huge screen', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const setUp of [
      () => logOut(),
      () => history.replaceState(null, '', '/login'),
      () => document.getElementById('root')!.setAttribute('data-prerendered', ''),
      // A screen too big to copy on every change (a quote form of hundreds of lines).
      () => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<i></i>'.repeat(4000)),
    ]) {
      setUp();
      const { router, resolved } = fakeRouter();
      stop = followScreens(router, client);
      resolved();
      vi.advanceTimersByTime(SETTLE_MS);
      stop();
      expect(saveScreen).not.toHaveBeenCalled();
      logIn('A');
      history.replaceState(null, '', '/platform/tenderManagement?status=2');
      document.getElementById('root')!.removeAttribute('data-prerendered');
      document.querySelectorAll('main > i').forEach((el) => el.remove());
    }
    // The same screen as it was is kept: none of the above left a trace that stops it.
    const { router, resolved } = fakeRouter();
    stop = followScreens(router, client);
    resolved();
    vi.advanceTimersByTime(SETTLE_MS);
    expect(saveScreen).toHaveBeenCalledTimes(1);
  });
});
