import { BCP47, type Locale } from '@contract/locales';
import { msg } from '@lingui/core/macro';
import { createMemoryHistory } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Providers } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { activateLocale, i18n, pageDescription } from '@/locales/i18n';
import type { PrerenderedPage } from './shell-html';

/**
 * Build time only (vite.config.ts, `prerender()`): the markup of a public screen as its first
 * render shows it, with nothing fetched (the lists show their loading frame), in one language.
 * index.html carries it so a phone paints the screen before the JavaScript has arrived; the app
 * then hydrates it (src/main.tsx).
 */
export async function renderPage(path: string, locale: Locale): Promise<PrerenderedPage> {
  await activateLocale(locale);
  const client = createQueryClient();
  // Nothing leaves the build: the screen's calls wait for ever, so its lists render their
  // loading frame, as the app's first render on a phone does.
  const fetch = globalThis.fetch;
  globalThis.fetch = () => new Promise<Response>(() => undefined);
  const router = createAppRouter(client, createMemoryHistory({ initialEntries: [path] }));
  try {
    await router.load();
  } finally {
    globalThis.fetch = fetch;
  }
  // The tree of src/main.tsx, so the browser hydrates this markup.
  const html = renderToString(
    <StrictMode>
      <Providers router={router} queryClient={client} />
    </StrictMode>,
  );
  return { path, locale, lang: BCP47[locale], title: i18n._(msg`供应商门户`), description: pageDescription(), html };
}
