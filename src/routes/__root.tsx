import { BUILD_VERSION } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { RouteNotFound } from '@/app/route-error';
import { UpdateOffer } from '@/app/update-offer';
import { CHANNEL_NAME } from '@/offline/db-name';
import { outboxHasEntries } from '@/offline/on-demand';
import { BrandMark } from '@/ui/brand-mark';
import { LanguageSwitch } from '@/ui/language-switch';
import { ToastHost } from '@/ui/toast';
import { useHydrated } from '@/ui/use-hydrated';

/**
 * The connectivity / pending indicator arrives after first paint, and on public screens only
 * when it has something to say (offline, or entries waiting): /login's first load has no room
 * for the outbox code (DESIGN.md section 7).
 */
const LazySyncStatus = lazy<ComponentType<{ variant?: 'inline' | 'strip' }>>(() =>
  import('@/app/sync-status').catch(() => ({ default: () => null })),
);
/** Screens where the outbox is part of the work: the indicator is always there. */
const OUTBOX_SCREENS = /^\/(platform|pending|visitor|visitLogin)(\/|$)/;

function useIndicatorNeeded(): boolean {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [needed, setNeeded] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  useEffect(() => {
    if (needed) return;
    const need = () => setNeeded(true);
    void outboxHasEntries().then((waiting) => waiting && need());
    // An entry written in this or another tab, or the network gone.
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', need);
    window.addEventListener('offline', need);
    return () => {
      channel?.close();
      window.removeEventListener('offline', need);
    };
  }, [needed]);
  return needed || OUTBOX_SCREENS.test(pathname);
}

function SyncStatus({ variant }: { variant: 'inline' | 'strip' }) {
  const needed = useIndicatorNeeded();
  // Never part of a prerendered screen (it loads lazily and knows whether the phone is offline).
  const hydrated = useHydrated();
  return needed && hydrated ? (
    <Suspense fallback={null}>
      <LazySyncStatus variant={variant} />
    </Suspense>
  ) : null;
}

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: RouteNotFound,
});

function RootLayout() {
  const { t } = useLingui();
  useEffect(() => {
    document.title = t`供应商门户`;
  }, [t]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-medium text-brand-800 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        <Trans>跳到主要内容</Trans>
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between gap-3 px-4 sm:h-16 sm:px-6">
          <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-md text-slate-900">
            <BrandMark size={32} className="shrink-0" />
            <span className="truncate text-base font-semibold tracking-wide sm:text-lg">
              <Trans>供应商门户</Trans>
            </span>
          </Link>
          <div className="flex shrink-0 items-center gap-3 sm:gap-5">
            <div className="hidden sm:block">
              <SyncStatus variant="inline" />
            </div>
            <LanguageSwitch />
          </div>
        </div>
        <SyncStatus variant="strip" />
      </header>
      {/* At least a screen tall: the footer starts below the fold, so a screen whose content
          arrives after the first paint never moves it in view (a layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-3.5rem)] flex-1 outline-none sm:min-h-[calc(100dvh-4rem)]">
        <Outlet />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-xs text-slate-500 sm:flex-row sm:justify-between sm:px-6">
          <p>
            <Trans>供应商门户 · 纸品与包装集团供应商服务</Trans>
          </p>
          <p>
            <Trans>版本 {BUILD_VERSION}</Trans>
          </p>
        </div>
      </footer>
      <ToastHost />
      <UpdateOffer />
    </div>
  );
}
