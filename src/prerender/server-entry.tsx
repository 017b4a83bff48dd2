import { DEFAULT_LOCALE } from '@contract/locales';
import type { RequestCookies } from '@/api/session';
import { setTimeZones, shellTimeZone } from '@/ui/format';
import { renderPage } from './render-page';
import { injectServerRendered } from './shell-html';

/**
 * The bid service's server render (built into dist-ssr by vite.config.ts, run on a worker thread
 * by server/render/server-render.ts): the document for `href`, a public screen whose first render
 * shows data (a notice; /login with the first page of notices), rendered by the app's own
 * components from the reads its loaders start, which `fetch` answers. In the default language: the
 * one a first visit shows (src/api/language.ts);
 * a device that chose another shows the app's own render (the language pick empties #root).
 */
export async function renderDocument(
  indexHtml: string,
  href: string,
  fetch: typeof globalThis.fetch,
  cookies?: RequestCookies,
): Promise<string | null> {
  // Times in the buyer's zone the served shell names; the reader's device is not known here.
  setTimeZones(shellTimeZone(indexHtml), null);
  const { state, landed, ...page } = await renderPage(href, DEFAULT_LOCALE, { fetch, cookies });
  // Sent elsewhere (a supplier's screen whose session the service refused: to /login): the app's
  // own render follows the same way, with its messages.
  if (landed !== new URL(href, 'http://portal.invalid').pathname) return null;
  // The language pick matches the address's path; the search (a list's page, a term) is in the render.
  return injectServerRendered(indexHtml, { ...page, path: new URL(href, 'http://portal.invalid').pathname }, state);
}
