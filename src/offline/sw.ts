/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { injectScreen } from '@/prerender/shell-html';
import { answerPublicCall, publicReadPath } from './public-store';
import { readScreen } from './screen-store';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

/** Background Sync is not in TypeScript's worker lib yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** The tag the outbox registers (src/offline/outbox.ts) and the message the sync engine listens for. */
const OUTBOX_SYNC_TAG = 'portal-outbox';

// The shell, every route chunk, every locale catalog and the icons, so any screen opens offline
// (DESIGN.md section 4). Fonts are the system's own: there are none to cache.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links open the app shell; calls to the bid service are never answered with HTML. A
// supplier's screen opens with its last render on this device in the shell (src/offline/screen-store.ts),
// painted before the app's JavaScript has run, online or not; the shell's language pick drops it
// for another supplier or language (src/prerender/shell-html.ts).
const shell = createHandlerBoundToURL('index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const response = await shell(options);
      const { pathname, search } = options.url;
      if (!pathname.startsWith('/platform/') || !response.ok) return response;
      const screen = await readScreen(`${pathname}${search}`).catch(() => null);
      if (!screen) return response;
      const headers = new Headers(response.headers);
      headers.delete('content-length');
      const shellHtml = await response.text();
      return new Response(injectScreen(shellHtml, screen) ?? shellHtml, { status: response.status, headers });
    },
    { denylist: [/^\/bid-web\//] },
  ),
);

// Every public read of the contract (notices, which are POSTs the Cache API cannot key, and the
// reference data behind every label): network first, stored answer, in the request's language or
// else another, when the bid service cannot be reached (src/offline/public-store.ts).
self.addEventListener('fetch', (event) => {
  const { request } = event;
  const path = publicReadPath(request.method, new URL(request.url).pathname);
  if (!path) return;
  event.respondWith(answerPublicCall(request, path, { waitUntil: (work) => event.waitUntil(work) }));
});

// The outbox is sent by the page (it holds the session); a sync only wakes it up.
self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'SYNC_OUTBOX' });
    }),
  );
});

// A deadline reminder (src/features/home/reminders) opens its to-do: an open portal window is
// focused and asked to go there itself (it knows whether a form holds unsaved input), else a new
// window opens it. Only paths of this app are opened.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = (event.notification.data as { url?: unknown } | null)?.url;
  const path = typeof wanted === 'string' && wanted.startsWith('/') && !wanted.startsWith('//') ? wanted : '/platform/home';
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then(async (clients) => {
      const open = clients.find((client) => client.focused) ?? clients[0];
      if (!open) return void (await self.clients.openWindow(path));
      await open.focus();
      open.postMessage({ type: 'OPEN_REMINDER', path });
    }),
  );
});

// An update waits until the page says it may take over (never forced on unsaved work).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
