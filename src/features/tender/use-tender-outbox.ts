import type { OutboxEntry } from '@/offline/db';
import { useMemo } from 'react';
import { supplierOwner } from '@/offline/db';
import { useOutbox } from '@/offline/use-outbox';
import { isTenderOutboxCall } from './tender-thread';

const PREFIX = 'tender:';

/** This supplier's tender writes still in the outbox, by record id (live, across tabs). */
export function useTenderOutbox(supplierId: string): ReadonlyMap<string, OutboxEntry[]> {
  const { entries } = useOutbox();
  return useMemo(() => {
    const owner = supplierOwner(supplierId);
    const byRecord = new Map<string, OutboxEntry[]>();
    for (const entry of entries) {
      if (entry.owner !== owner || !entry.thread.startsWith(PREFIX) || !isTenderOutboxCall(entry.call)) continue;
      const id = entry.thread.slice(PREFIX.length);
      byRecord.set(id, [...(byRecord.get(id) ?? []), entry]);
    }
    return byRecord;
  }, [entries, supplierId]);
}
