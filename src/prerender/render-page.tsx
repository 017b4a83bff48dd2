import { BCP47, type Locale } from '@contract/locales';
import { msg } from '@lingui/core/macro';
import { dehydrate, type DehydratedState } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { readCookiesOf, type RequestCookies } from '@/api/session';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { readsSettled } from '@/app/reads-settled';
import { createAppRouter } from '@/app/router';
import { activateLocale, i18n, pageDescription } from '@/locales/i18n';
import type { PrerenderedPage } from './shell-html';

/** How long a server render waits for the reads its screen's loaders started. */
const SETTLE_MS = 2_000;

export interface RenderOptions {
  /**
   * Answers the screen's calls (the bid service's server render, server/render/server-render.ts):
   * the render waits for the reads its loaders start and carries them in `state`. Without it
   * (the build) nothing leaves: every call waits for ever, so lists render their loading frame,
   * as the app's first render on a phone does.
   */
  fetch?: typeof globalThis.fetch;
  /**
   * The request's cookies, for a supplier's screen (server/render/server-render.ts): its session,
   * as the screen reads it in a browser, and the token its calls carry.
   */
  cookies?: RequestCookies;
}

/**
 * The markup of a screen as its first render shows it, in one language. At build time
 * (vite.config.ts, `prerender()`) for the public forms, with nothing fetched; in the bid service
 * (dist-ssr, server/render/server-render.ts) for /login and a public notice, with their reads
 * answered, so a phone paints the notices before the JavaScript has arrived. The app then renders the same
 * screen over it (src/main.tsx), from the same data (`state`, src/app/server-state.ts).
 */
export async function renderPage(
  path: string,
  locale: Locale,
  options: RenderOptions = {},
): Promise<PrerenderedPage & { state?: DehydratedState; landed: string }> {
  await activateLocale(locale);
  const client = createQueryClient();
  const fetch = globalThis.fetch;
  globalThis.fetch = options.fetch ?? (() => new Promise<Response>(() => undefined));
  readCookiesOf(options.cookies ?? {});
  let html: string;
  let landed: string;
  try {
    const router = createAppRouter(client, createMemoryHistory({ initialEntries: [path] }));
    await router.load();
    // What is not there by SETTLE_MS stays the app's to show.
    if (options.fetch) await readsSettled(client, SETTLE_MS);
    // Where the load ended: a redirect (a session the service refused) resolves no location.
    landed = router.state.resolvedLocation?.pathname ?? '';
    // The tree of src/main.tsx.
    html = renderToString(
      <StrictMode>
        <Providers router={router} queryClient={client} />
      </StrictMode>,
    );
  } finally {
    globalThis.fetch = fetch;
    readCookiesOf(null);
  }
  const page = { path, landed, locale, lang: BCP47[locale], title: i18n._(msg`供应商门户`), description: pageDescription(), html };
  // Only what was read: a failed read is the app's to retry, with its own messages.
  return options.fetch
    ? { ...page, state: dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' }) }
    : page;
}
