import { BCP47, type Locale } from '@contract/locales';
import { msg } from '@lingui/core/macro';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '@/app/query-client';
import { createAppRouter } from '@/app/router';
import { activateLocale, i18n, pageDescription } from '@/locales/i18n';
import type { PrerenderedPage } from './shell-html';

/**
 * Build time only (vite.config.ts, `prerender()`): the markup of a public screen as its first
 * render shows it, with nothing fetched (the lists show their loading frame), in one language.
 * index.html carries it so a phone paints the screen before the JavaScript has arrived; the app
 * then renders the same screen over it (src/main.tsx).
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
  const html = renderToString(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { path, locale, lang: BCP47[locale], title: i18n._(msg`供应商门户`), description: pageDescription(), html };
}
