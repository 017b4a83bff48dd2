import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { setApiEffects } from '@/api/effects';
import { sessionState } from '@/api/session';
import { whenLocaleActive } from '@/locales/i18n';
import { showAlert, toast } from '@/ui/toast';

/** Back to login, remembering where the user was (unless already on a login screen). */
function toLogin(router: AnyRouter): void {
  const here = router.state.location;
  if (here.pathname === '/login') return;
  void router.navigate({ to: '/login', search: { redirect: here.href } });
}

/** How the request layer's outcomes look in this app (SPEC.md section 8). */
export function installApiEffects(router: AnyRouter, queryClient: QueryClient): void {
  setApiEffects({
    businessError: (text) => toast.error(text),
    unauthorized: (text) => {
      // The cookies are gone; the cache may still hold the previous session's data.
      queryClient.clear();
      void whenLocaleActive().then(() => toast.warning(text));
      toLogin(router);
    },
    networkFailure: (status) => {
      // A loader's call may fail while the language still loads (src/main.tsx): say it in that language.
      void whenLocaleActive().then(() => showAlert({ title: String(status), message: i18n._(msg`网络请求异常，请联系管理员`) }));
    },
    // Offline, what was typed stays in its form: a plain word, not an alert to call anybody.
    needsConnection: () => {
      void whenLocaleActive().then(() => toast.warning(i18n._(msg`此操作需要网络连接。当前没有网络，已填写的内容仍保留，联网后请再试。`)));
    },
    // The token is lost when the session timed out under the supplier (its `auth` outlived the
    // token). After a logout or an E401, which said so themselves and emptied every cookie, a call
    // still under way (a refetch, a loader) has nothing new to tell: it goes to login quietly.
    tokenLost: () => {
      if (sessionState() === 'timedOut') void whenLocaleActive().then(() => toast.error(message('tokenLost', i18n.locale as Locale)));
      toLogin(router);
    },
  });
}
