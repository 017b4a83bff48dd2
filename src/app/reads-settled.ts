import type { QueryClient } from '@tanstack/react-query';

/**
 * Resolves once no read is under way, or after `ms`, whichever comes first; never rejects.
 * - The build's and the bid service's renders (src/prerender/render-page.tsx) wait for the reads
 *   the screen's loaders started, so the markup shows what they read.
 * - src/main.tsx waits for them before the app's render replaces a prerendered screen (/login's
 *   page of notices, which on a repeat visit comes from the service worker's store within a few
 *   milliseconds). Rendered before they are in, the screen commits its loading frame and then, a
 *   render and a paint later, the rows; rendered after, it commits the rows at once. The
 *   prerender stays on view, and usable, while this waits.
 */
export function readsSettled(client: QueryClient, ms: number): Promise<void> {
  if (client.isFetching() === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const stop = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
  });
}
