import { lazy, Suspense } from 'react';
import { usePwaState } from './pwa';

/**
 * Apart from pwa.ts, which update-prompt.tsx imports: the lazy chunk then does not import back
 * the module that loads it.
 */
const UpdatePrompt = lazy(() => import('./update-prompt'));

/** Mounted once by the root route: the "new version" banner, loaded when a version waits. */
export function UpdateOffer() {
  const { updateWaiting } = usePwaState();
  return updateWaiting ? (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  ) : null;
}
