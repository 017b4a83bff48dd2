import { useCallback, useEffect, useState } from 'react';
import { loadPasses, onPassesChanged, type PassMap } from './passes';

/**
 * The passes on this device (null while IndexedDB is read; `initial` when the route's loader
 * already read them), kept current when this tab changes them.
 */
export function usePasses(initial: PassMap | null = null): { passes: PassMap | null; reload: () => Promise<void> } {
  const [passes, setPasses] = useState<PassMap | null>(initial);
  const reload = useCallback(() => readPasses().then(setPasses), []);
  useEffect(() => {
    let live = true;
    const read = () =>
      void readPasses().then((read) => {
        if (live) setPasses(read);
      });
    read();
    const stop = onPassesChanged(read);
    return () => {
      live = false;
      stop();
    };
  }, []);
  return { passes, reload };
}

/** The passes stored on this device; none when storage cannot be read. */
async function readPasses(): Promise<PassMap> {
  try {
    return await loadPasses();
  } catch (error) {
    // Private mode or storage refused: behave as a device without passes, never hang on "loading".
    console.error('visitor passes unreadable', error);
    return {};
  }
}

/** Phones in the order their passes were issued, newest first. */
export const phonesByNewest = (passes: PassMap) =>
  Object.values(passes)
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom) || a.phone.localeCompare(b.phone))
    .map((p) => p.phone);
