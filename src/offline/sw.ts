/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The shell, every route chunk and every locale, so any screen opens offline (DESIGN.md section 4).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Deep links open the app shell; calls to the bid service are never answered with HTML.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/bid-web\//] }));

// An update waits until the page says it may take over (never forced on unsaved work).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

clientsClaim();
