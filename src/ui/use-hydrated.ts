import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False in the build's prerender and while React hydrates it (src/main.tsx), true otherwise:
 * what only the browser knows (an answer already in the cache, being offline, a lazily loaded
 * widget) waits for the render right after hydration, so the first render matches the
 * prerendered markup. True from the start where nothing was prerendered.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
