import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { installApiEffects } from '@/app/api-effects';
import { Providers } from '@/app/providers';
import { registerServiceWorker } from '@/app/pwa';
import { queryClient } from '@/app/query-client';
import { router } from '@/app/router';
import { activateLocale, initialLocale } from '@/locales/i18n';
import { startSyncWhenNeeded } from '@/offline/on-demand';
import './styles.css';

installApiEffects(router, queryClient);

// Activate the stored language first: rendering before it would flash the source texts.
await activateLocale(initialLocale()).catch((error: unknown) => console.error('locale failed to load', error));

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const tree = (
  <StrictMode>
    <Providers />
  </StrictMode>
);
// A prerendered screen (index.html, src/prerender) is hydrated: React takes over the markup the
// build rendered with the same components (its route chunk and data are loaded first, so the
// first render matches it), with no DOM rebuilt, no blank frame and no shift; it is inert until
// then. Should it not match (offline since, a list answered meanwhile), React renders afresh.
if (root.firstElementChild) {
  await router.load().catch(() => undefined);
  // As TanStack Router's own hydration does (router-core load-client): the route tree renders
  // as it did on the server (no Suspense boundary of its own around the root route).
  router.ssr = { manifest: undefined };
  hydrateRoot(root, tree, { onRecoverableError: (error) => console.warn('prerendered screen rendered afresh', error) });
} else {
  createRoot(root).render(tree);
}

registerServiceWorker();

// The outbox's sync engine is not needed for the first paint (nor in /login's first-load
// budget): it loads as its own chunk when something waits to be sent, is written, or a
// supplier logs in (src/offline/on-demand.ts).
startSyncWhenNeeded();
