import { afterAll, describe, expect, it, vi } from 'vitest';
import { activateLocale } from './i18n';
import type * as Lingui from '@lingui/core';

describe('activateLocale', () => {
  const meta = document.createElement('meta');
  meta.name = 'description';
  meta.content = '供应商门户';
  document.head.append(meta);
  afterAll(async () => {
    await activateLocale('zh-CN');
    meta.remove();
  });

  it('sets the language of the page and its description', async () => {
    await activateLocale('en');
    expect(document.documentElement.lang).toBe('en');
    expect(meta.content).toMatch(/^Supplier Portal: bidding and purchasing notices/);
    await activateLocale('vie');
    expect(document.documentElement.lang).toBe('vi');
    expect(meta.content).toMatch(/^Cổng nhà cung cấp/);
    await activateLocale('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(meta.content).toBe('供应商门户：查看招标与采购信息、报名投标、询价议价、沟通记录与基地参观申请。');
  });
});

describe('whenLocaleActive', () => {
  it('waits for the first language to be active, then answers at once', async () => {
    // A fresh module with a fresh i18n: nothing active yet, as when src/main.tsx starts loading a screen.
    vi.resetModules();
    vi.doMock('@lingui/core', async () => {
      const lingui = await vi.importActual<typeof Lingui>('@lingui/core');
      return { ...lingui, i18n: lingui.setupI18n() };
    });
    const fresh = await import('./i18n');
    vi.doUnmock('@lingui/core');
    expect(fresh.i18n.locale).toBeFalsy();
    let active = false;
    const waiting = fresh.whenLocaleActive().then(() => void (active = true));
    // Proves a negative: a promise that answered at once would have within these 10 ms.
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(active).toBe(false);
    await fresh.activateLocale('en');
    await waiting;
    expect(active).toBe(true);
    expect(fresh.i18n.locale).toBe('en');
    let again = false;
    void fresh.whenLocaleActive().then(() => void (again = true));
    await Promise.resolve();
    expect(again).toBe(true);
    await fresh.activateLocale('zh-CN');
  });
});
