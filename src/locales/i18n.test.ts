import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n';

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
