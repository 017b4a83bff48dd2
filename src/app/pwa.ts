import { Workbox } from 'workbox-window';

/** Registers the service worker in production builds only (the dev server serves no worker). */
export function registerServiceWorker(): Workbox | null {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  const wb = new Workbox('/sw.js');
  void wb.register().catch((error: unknown) => console.warn('service worker registration failed', error));
  return wb;
}
