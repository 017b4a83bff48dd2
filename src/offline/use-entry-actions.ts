import { useState } from 'react';
import type { OutboxEntry } from './db';
import { discard, retry } from './outbox';

/**
 * Retry and discard of one unsent entry, busy while either runs. Discarding asks first: the
 * screen passes its own confirmation, since what it says depends on where the entry shows.
 */
export function useEntryActions(entry: OutboxEntry) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    retry: () => run(() => retry(entry.id)),
    discardIfConfirmed: async (ask: () => Promise<boolean>) => {
      if (await ask()) await run(() => discard(entry.id));
    },
  };
}
