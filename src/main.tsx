import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApiEffects } from '@/app/api-effects';
import { followPrerender } from '@/app/prerender-handoff';
import { startFirstScreen } from '@/app/prefetch';
import { onFirstCommit, Providers } from '@/app/providers';
import { registerServiceWorker } from '@/app/pwa';
import { takeServerState } from '@/app/server-state';
import { queryClient } from '@/app/query-client';
import { readsSettled } from '@/app/reads-settled';
import { focusMainOnNavigation } from '@/app/route-focus';
import { router } from '@/app/router';
import { activateLocale, initialLocale } from '@/locales/i18n';
import { startSyncWhenNeeded } from '@/offline/on-demand';
import { setTimeZones } from '@/ui/format';
import { followFocus } from '@/ui/last-focus';
import { nextTask } from '@/ui/next-task';
import { TIME_ZONE_META } from '@contract/time-zone';
import './styles.css';

installApiEffects(router, queryClient);
followFocus();
focusMainOnNavigation(router);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// A screen rendered by the bid service (/login, a notice) comes with the reads it shows.
takeServerState(queryClient, root);

// The screen's route chunk and its loader's reads (a notice's detail) load while the language
// does, as a preload (a guard's redirect is followed, not committed: the router's own load does
// that when the app renders): on /bidDetail under Lighthouse's mobile settings the data then
// comes with the first render. What the loaders show or load in a language waits for it
// (whenLocaleActive: their area's texts, a failure's alert).
const here = { href: `${location.pathname}${location.search}${location.hash}` } as Parameters<typeof router.preloadRoute>[0];
// Its code too, at once, not after the guards (a supplier's screen: after the session check);
// and a screen rendered by the app alone waits for its first reads (src/app/prefetch.ts).
// The start is cut into tasks a phone can run between two frames: the modules' evaluation, the
// route's preload (the guard and the reads it starts), then the first use of Intl (the zone of
// the device: ICU's start-up, 120 to 170 ms with a phone's CPU, whichever Intl call comes first).
await nextTask();
startFirstScreen(router);
void router.preloadRoute(here).catch(() => undefined);
await nextTask();
// Times are shown in the buyer's zone the bid service names in the shell, named where this device's clock differs.
setTimeZones(
  document.querySelector<HTMLMetaElement>(`meta[name="${TIME_ZONE_META}"]`)?.content,
  Intl.DateTimeFormat().resolvedOptions().timeZone,
);
// Activate the stored language before the first render: rendering before it would flash the source texts.
await activateLocale(initialLocale()).catch((error: unknown) => console.error('locale failed to load', error));

const tree = (
  <StrictMode>
    <Providers />
  </StrictMode>
);
// A prerendered screen (index.html, src/prerender) stays on view, and usable, until the app can
// render the whole of it: its route chunk is loaded first, and the reads its loaders started
// (/login's page of notices) for up to FIRST_READS_MS, so that the app's first commit shows them
// rather than its loading frame and then, a render and a paint later, the rows (src/app/reads-settled.ts).
// The app's screen then replaces the prerender in one commit, with no blank frame between. What
// a person typed, focused or tapped there until that commit is handed to the app's screen
// (src/app/prerender-handoff.ts; Providers runs onFirstCommit at that commit).
// Decision: replaced, not hydrated. Hydrating (hydrateRoot with router.ssr set, as TanStack
// Router's own hydration does) lost the account typed right after the screen became usable in
// three e2e runs on the CI machine (cause not pinned down); replacing passed them all.
const FIRST_READS_MS = 100;
const prerendered = root.firstElementChild !== null;
if (prerendered) {
  await router.load().catch(() => undefined);
  await readsSettled(queryClient, FIRST_READS_MS);
  onFirstCommit(followPrerender(root));
}
// The first render is a transition, rendered in slices of a few milliseconds so that a phone's
// main thread is never blocked long; a prerender or a kept screen stays on view, and usable,
// meanwhile. Measured on /bidDetail with Lighthouse's mobile settings, one synchronous render was
// a 480 ms task (TBT 449 to 627 ms), in slices TBT 240 to 410 ms. On a repeat visit (the service
// worker answering with the screen's last render) it was once one synchronous commit, for the
// stored rows 5 ms sooner; on a supplier's home that commit was a task of 600 to 700 ms with a
// phone's CPU, after the kept screen had painted (docs/benchmarks.md, "The logged-in screens on a phone").
startTransition(() => createRoot(root).render(tree));

registerServiceWorker();

// The outbox's sync engine is not needed for the first paint (nor in /login's first-load
// budget): it loads as its own chunk when something waits to be sent, is written, or a
// supplier logs in (src/offline/on-demand.ts).
startSyncWhenNeeded();
