import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { i18n } from '@/locales/i18n';
import { queryClient as appQueryClient } from './query-client';
import { router as appRouter, type AppRouter } from './router';

const afterFirstCommit: (() => void)[] = [];

/** Runs `callback` once the first render is committed (a prerendered screen is then the app's). */
export function onFirstCommit(callback: () => void): void {
  afterFirstCommit.push(callback);
}

/** When the first render is committed, a prerendered screen (src/prerender) is the app's. */
function Ready() {
  useLayoutEffect(() => {
    document.getElementById('root')?.removeAttribute('data-prerendered');
    for (const callback of afterFirstCommit.splice(0)) callback();
  }, []);
  return null;
}

/**
 * The app's tree, the same in the browser and in the build's prerender (src/prerender), so
 * that the browser hydrates what the build rendered. The locale is activated before the first
 * render (main.tsx), so nothing shows untranslated.
 */
export function Providers({ router = appRouter, queryClient = appQueryClient }: { router?: AppRouter; queryClient?: QueryClient }) {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Ready />
      </QueryClientProvider>
    </I18nProvider>
  );
}
