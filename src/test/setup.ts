import 'fake-indexeddb/auto';
import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import type { Locale } from '@contract/locales';
// eslint-disable-next-line no-restricted-imports -- the tests' setup loads all three tables the app loads one by one
import { wireTables } from '@contract/messages';
import { setWireTable } from '@/locales/wire';
import type * as OnDemand from '@/offline/on-demand';

// findBy and waitFor give up after 1 s by default. Since the bid-service suites also run on
// PostgreSQL in the same vitest run, a loaded 2-core CI machine took 1.2 s to write one outbox
// entry with its file (IndexedDB in memory): wait as long as a slow machine needs.
configure({ asyncUtilTimeout: 5000 });

// Writing to the outbox starts the sync engine in the app; unit tests make and start their own
// engine (createSyncEngine or createAppSyncEngine), so here one is made but never started behind their back.
// A file's tests end before an engine they started loading has loaded (slow on a loaded machine):
// the file waits for it, since a module loaded after its environment is gone fails the run.
const engineLoads = vi.hoisted(() => new Set<Promise<unknown>>());
vi.mock('@/offline/on-demand', async (importOriginal) => ({
  ...(await importOriginal<typeof OnDemand>()),
  ensureSyncEngine: () => {
    const load = import('@/offline/app-sync-engine').then((m) => m.createAppSyncEngine());
    engineLoads.add(load);
    return load;
  },
}));
afterAll(() => Promise.allSettled(engineLoads));

// Unit tests render with the source catalog (zh-CN): message ids are the Chinese texts.
i18n.loadAndActivate({ locale: 'zh-CN', messages: {} });
// Every language's wire texts, as if each had been activated once (the app loads one at a time).
for (const [locale, table] of Object.entries(wireTables) as [Locale, (typeof wireTables)[Locale]][]) setWireTable(locale, table);

afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  localStorage.clear();
});

// jsdom has no layout: the router's scroll restoration calls scrollTo, which jsdom only logs as missing.
window.scrollTo = () => {};
