import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once none of the reads under way now is still under way, or after `ms`, whichever
 * comes first; never rejects. src/main.tsx waits for it before the app's render replaces a
 * prerendered screen: the reads are what the screen's loaders started (/login's page of notices),
 * and on a repeat visit they come from this device (the service worker's store) within a few
 * milliseconds. Rendered before they are in, the screen commits its loading frame and then, a
 * render and a paint later, the rows; rendered after, it commits the rows at once. The prerender
 * stays on view, and usable, while this waits.
 */
export function readsSettled(client: QueryClient, ms: number): Promise<void> {
  const cache = client.getQueryCache();
  const reading = () => cache.findAll({ fetchStatus: 'fetching' }).length > 0;
  if (!reading()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = cache.subscribe(() => {
      if (!reading()) done();
    });
  });
}
