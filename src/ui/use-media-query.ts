import { useSyncExternalStore } from 'react';

const mediaList = (query: string): MediaQueryList | null =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether a media query matches, followed as the window changes; null where the browser cannot
 * tell (a render outside the browser, jsdom). A screen that lays out a list as a table on wide
 * screens and as cards on a phone renders only the one shown; with null it renders both and
 * leaves the choice to CSS.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaList(query)?.matches ?? null,
    () => null,
  );
}

/** Tailwind's breakpoints (src/styles.css uses the defaults), as media queries. */
export const BREAKPOINT = {
  sm: '(min-width: 40rem)',
  md: '(min-width: 48rem)',
  lg: '(min-width: 64rem)',
  xl: '(min-width: 80rem)',
} as const;
