import { useEffect, useState } from 'react';
import type { OutboxEntry } from './db';
import { entryFiles, isMendable } from './outbox';

/** A refused entry opened in its form: what it said and the files it held (see `entryFiles`). */
export interface MendedEntry {
  entry: OutboxEntry;
  files: Record<string, File[]>;
}

/**
 * The outbox entry a form mends, read once: undefined while it loads, null when there is none to
 * mend (no id, the entry was sent or discarded meanwhile, or it is being sent now), else the entry
 * with its files.
 */
export function useMendEntry(entryId: string | undefined): MendedEntry | null | undefined {
  const [loaded, setLoaded] = useState<{ id: string; value: MendedEntry | null } | null>(null);
  useEffect(() => {
    if (!entryId) return;
    let live = true;
    void entryFiles(entryId)
      .then((value) => (value && isMendable(value.entry) ? value : null))
      .catch(() => null)
      .then((value) => {
        if (live) setLoaded({ id: entryId, value });
      });
    return () => {
      live = false;
    };
  }, [entryId]);
  if (!entryId) return null;
  return loaded?.id === entryId ? loaded.value : undefined;
}
