import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { restorePersistedQueries, wipePersistedQueries } from '@/app/query-persist';
import type { ScreenSnapshot } from '@/prerender/shell-html';
import { dropScreens, MAX_SCREENS, readScreen, saveScreen, STORED_READS_MAX_AGE_MS } from './screen-store';
import { resetPortalDb } from './test-helpers';

const screen = (path: string, supplierId = 'A', savedAt = Date.now()): ScreenSnapshot => ({
  path,
  locale: 'zh-CN',
  lang: 'zh-CN',
  title: '投标管理',
  supplierId,
  stylesheet: '/assets/index-1.css',
  html: `<main>${path}</main>`,
  savedAt,
});

afterEach(resetPortalDb);

describe("the device's snapshots of a supplier's screens", () => {
  it('answers an address with its own snapshot only: same path and search, young enough', async () => {
    await saveScreen('/platform/tenderManagement?status=2', screen('/platform/tenderManagement'));
    expect((await readScreen('/platform/tenderManagement?status=2'))?.html).toBe('<main>/platform/tenderManagement</main>');
    expect(await readScreen('/platform/tenderManagement')).toBeNull();
    expect(await readScreen('/platform/tenderManagement?status=2', Date.now() + STORED_READS_MAX_AGE_MS + 1000)).toBeNull();
    // A record whose path is not the address's (written by hand, or by a bug) is never shown there.
    await saveScreen('/platform/home', screen('/platform/tenderManagement'));
    expect(await readScreen('/platform/home')).toBeNull();
  });

  it(`keeps the ${MAX_SCREENS} last saved, the oldest going first`, async () => {
    const start = Date.now();
    for (let i = 0; i < MAX_SCREENS + 2; i++)
      await saveScreen(`/platform/tenderManagement/${i}`, screen(`/platform/tenderManagement/${i}`, 'A', start + i));
    // Saving an old one again makes it the newest.
    await saveScreen('/platform/tenderManagement/2', screen('/platform/tenderManagement/2', 'A', start + 100));
    await saveScreen('/platform/home', screen('/platform/home', 'A', start + 101));
    const kept = await Promise.all(Array.from({ length: MAX_SCREENS + 2 }, (_, i) => readScreen(`/platform/tenderManagement/${i}`)));
    expect(kept.map((s, i) => (s ? i : -1)).filter((i) => i < 0)).toHaveLength(3);
    expect(kept[0]).toBeNull();
    expect(kept[1]).toBeNull();
    expect(kept[2]).not.toBeNull();
    expect(kept[3]).toBeNull();
    expect(await readScreen('/platform/home')).not.toBeNull();
  });

  it("go with the supplier's stored reads: at logout or a timed-out session, and when another supplier opens the platform", async () => {
    await saveScreen('/platform/home', screen('/platform/home', 'A'));
    await saveScreen('/platform/tenderManagement', screen('/platform/tenderManagement', 'B'));
    await restorePersistedQueries(new QueryClient(), 'B');
    await expect.poll(() => readScreen('/platform/home')).toBeNull();
    expect(await readScreen('/platform/tenderManagement')).not.toBeNull();
    await wipePersistedQueries('B');
    expect(await readScreen('/platform/tenderManagement')).toBeNull();
  });

  it('drops every one, or every one not of a supplier', async () => {
    await saveScreen('/platform/home', screen('/platform/home', 'A'));
    await saveScreen('/platform/visitorApply', screen('/platform/visitorApply', 'B'));
    await dropScreens('A');
    expect(await readScreen('/platform/home')).not.toBeNull();
    expect(await readScreen('/platform/visitorApply')).toBeNull();
    await dropScreens();
    expect(await readScreen('/platform/home')).toBeNull();
  });
});
