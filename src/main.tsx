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
import { TIME_ZONE_META } from '@contract/time-zone';
import './styles.css';

installApiEffects(router, queryClient);
followFocus();
focusMainOnNavigation(router);
// Times are shown in the buyer's zone the bid service names in the shell, named where this device's clock differs.
setTimeZones(document.querySelector<HTMLMetaElement>(`meta[name="${TIME_ZONE_META}"]`)?.content, Intl.DateTimeFormat().resolvedOptions().timeZone);

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
startFirstScreen(router);
void router.preloadRoute(here).catch(() => undefined);
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
// How the first render runs. On a first visit it is a transition, rendered in slices of a few
// milliseconds so that a phone's main thread is never blocked long: with a prerender, that one
// stays usable meanwhile; without one (a notice's detail, the supplier's screens), measured on
// /bidDetail with Lighthouse's mobile settings, one synchronous render was a 480 ms task (TBT 449
// to 627 ms, performance 80 to 85), in slices TBT 240 to 410 ms and performance 86 to 89, with
// the same LCP (docs/benchmarks.md). On a repeat visit of a prerendered screen (a service worker
// controls the page: the chunks and, offline, the reads are on the device) the render that
// replaces the prerender is one synchronous commit instead, about 10 ms here and 40 ms with a
// phone's CPU: in slices, the frames and tasks let in between made the stored rows show 5 ms
// later (docs/benchmarks.md, "The repeat visit offline, measured again").
const render = () => createRoot(root).render(tree);
if (prerendered && navigator.serviceWorker?.controller) render();
else startTransition(render);

registerServiceWorker();

// The outbox's sync engine is not needed for the first paint (nor in /login's first-load
// budget): it loads as its own chunk when something waits to be sent, is written, or a
// supplier logs in (src/offline/on-demand.ts).
startSyncWhenNeeded();
