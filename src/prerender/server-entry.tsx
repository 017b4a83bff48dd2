import { DEFAULT_LOCALE } from '@contract/locales';
import { renderPage } from './render-page';
import { injectServerRendered } from './shell-html';

/**
 * The bid service's server render (built into dist-ssr by vite.config.ts, run on a worker thread
 * by server/http/server-render.ts): the document for `path`, a screen whose first render shows
 * data (a public notice), rendered by the app's own components from the reads its loaders start,
 * which `fetch` answers. In the default language: the one a first visit shows (src/api/language.ts);
 * a device that chose another shows the app's own render (the language pick empties #root).
 */
export async function renderDocument(indexHtml: string, path: string, fetch: typeof globalThis.fetch): Promise<string> {
  const { state, ...page } = await renderPage(path, DEFAULT_LOCALE, { fetch });
  return injectServerRendered(indexHtml, page, state);
}
