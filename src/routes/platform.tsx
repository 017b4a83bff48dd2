import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Outlet, redirect, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { canAccess, menuKeyOf } from '@/api/access';
import { isApiError } from '@/api/errors';
import { guardDecision } from '@/api/guard';
import { sessionQueryOptions } from '@/api/session-query';
import {
  clearSession,
  getSupplierId,
  readSession,
  sessionState,
  setSupplierInfo,
  withSessionCheck,
  type SupplierSession,
} from '@/api/session';
import { menuBadges } from '@/app/platform/menu';
import { usePlatformTitle } from '@/app/platform/page-title';
import { useSessionFollow } from '@/app/platform/session-follow';
import { PlatformNav } from '@/app/platform/platform-nav';
import { UserArea } from '@/app/platform/user-area';
import { useHomeCounts } from '@/features/home/use-home-counts';
import { followScreens } from '@/offline/screen-snapshots';
import { showAlert, toast } from '@/ui/toast';

/** What the outbox sent refreshes its lists: loaded after the first render (src/app/platform/outbox-followers.tsx). */
const OutboxFollowers = lazy(() => import('@/app/platform/outbox-followers'));

/** Whether two sessions name the same supplier with the same status and names (what the screens show). */
const sameSession = (a: SupplierSession, b: SupplierSession): boolean =>
  a.supplierId === b.supplierId &&
  a.supplierCode === b.supplierCode &&
  a.status === b.status &&
  a.supplierName === b.supplierName &&
  a.contactName === b.contactName &&
  a.username === b.username;

/** After a failed check (offline, service down) don't ask again on every click; the stored status stands in. */
const RECHECK_AFTER_FAILURE_MS = 60_000;
let lastFailedCheck = 0;

function forgetStoredReads(queryClient: QueryClient): void {
  const supplierId = getSupplierId();
  queryClient.clear();
  if (supplierId) void import('@/app/query-persist').then((m) => m.wipePersistedQueries(supplierId)).catch(() => undefined);
}

export const Route = createFileRoute('/platform')({
  beforeLoad: async ({ context, location, preload }) => {
    // The guard of SPEC.md section 4: the session is read from the cookies here, once, and
    // handed to every screen below as the route context `session`.
    const decision = guardDecision(sessionState(), readSession(), location.href);
    if (decision.action === 'redirect') {
      if (!preload) {
        // Cookies this version never wrote: no usable session, and /login should not offer the way back.
        if (decision.reason === 'incomplete') clearSession();
        if (decision.reason === 'timedOut') {
          // A timed-out session keeps only what this guard reads (the cookies): the supplier's
          // stored reads go, its outbox entries stay for its next login.
          forgetStoredReads(context.queryClient);
          void showAlert({ title: i18n._(msg`登录已失效`), message: message('unauthorized', i18n.locale as Locale) });
        } else toast.warning(i18n._(msg`请先登录`));
      }
      throw redirect({ to: '/login', search: { redirect: decision.redirect } });
    }
    let session = decision.session;

    // The session check (`/supplier/getByToken`), once per session: its answer, when it already
    // came (every navigation after the first), is the session the screens get. Otherwise it goes
    // out now, and the platform's loader waits for it beside the screen's own loaders: on a cold
    // open, awaited here, it was a round trip before the screen's reads could start.
    const check = sessionQueryOptions(session.supplierId);
    const checked = context.queryClient.getQueryData(check.queryKey);
    if (checked) session = withSessionCheck(session, checked);
    else if (Date.now() - lastFailedCheck > RECHECK_AFTER_FAILURE_MS)
      void context.queryClient.ensureQueryData(check).catch(() => undefined);

    // A supplier's own lists, kept from earlier visits, are in the cache before any screen asks
    // (readable offline); loaded here, not on /login, which has no room in its first load. A
    // server render (server/render/server-render.ts) has no device: it shows what it read.
    if (!import.meta.env.SSR) {
      await import('@/app/query-persist')
        .then((m) => m.restorePersistedQueries(context.queryClient, session.supplierId))
        .catch(() => undefined);
    }

    // Status gating: a menu entry the status does not allow is forbidden by address too.
    const key = menuKeyOf(location.pathname);
    if (key && !canAccess(key, session.status)) throw redirect({ to: '/error/403' });
    return { session };
  },
  // The session check's answer, waited for beside the screen's loaders (their reads, texts and
  // code): no platform screen renders before it. E401 is handled (cookies cleared, warned) by
  // `request`; this sends to /login. An answer that differs from the session the guard handed on
  // (a new status, new names since the cookies were written) loads the address again: the guard
  // then hands on the checked session, and gates by its status.
  loader: async ({ context, location }) => {
    if (Date.now() - lastFailedCheck <= RECHECK_AFTER_FAILURE_MS) return;
    let supplier;
    try {
      supplier = await context.queryClient.ensureQueryData(sessionQueryOptions(context.session.supplierId));
    } catch (error) {
      if (isApiError(error) && (error.kind === 'unauthorized' || error.kind === 'tokenLost')) {
        throw redirect({ to: '/login', search: { redirect: location.href } });
      }
      // Offline, service down: the stored status stands in.
      lastFailedCheck = Date.now();
      return;
    }
    setSupplierInfo(supplier);
    if (!sameSession(withSessionCheck(context.session, supplier), context.session)) throw redirect({ href: location.href, replace: true });
  },
  component: PlatformLayout,
});

function PlatformLayout() {
  const { session } = Route.useRouteContext();
  // Another tab logged out or in as someone else: the guard runs again when this tab is back.
  useSessionFollow(session);
  // Each screen as it shows is kept, so that a cold open paints it before the app has loaded.
  const router = useRouter();
  const queryClient = useQueryClient();
  useEffect(() => followScreens(router, queryClient), [router, queryClient]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-4 sm:px-6 sm:py-6 lg:flex-row lg:gap-6">
      <PlatformMenu session={session} />
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
      {/* Replies, threads, deposits, bids, refunds, quotes and visit applications the outbox sends while any platform screen is open refresh their lists. */}
      <Suspense fallback={null}>
        <OutboxFollowers supplierId={session.supplierId} />
      </Suspense>
    </div>
  );
}

/**
 * The menu with its to-do badges, and the unread messages in the title: the home's first to-do
 * page, loaded lazily. A component of its own, so that the counts' arrival (their module, the
 * read's start, its answer) renders the menu alone, not the screen beside it: in the layout,
 * each of the three was a render of the whole screen, 160 to 180 ms with a phone's CPU right
 * after the app had taken over.
 */
function PlatformMenu({ session }: { session: SupplierSession }) {
  const counts = useHomeCounts(session.supplierId);
  usePlatformTitle(counts?.unreadMessages);
  return (
    <PlatformNav
      status={session.status}
      badges={menuBadges(counts)}
      user={<UserArea supplierName={session.supplierName} username={session.username} />}
    />
  );
}
