import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '@/locales/i18n';
import { queryClient } from './query-client';
import { router } from './router';

/** The locale is activated before the first render (main.tsx), so nothing shows untranslated. */
export function Providers() {
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  );
}
