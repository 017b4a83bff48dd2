import type { VisitPass } from '@contract/schemas/visitor';
import { useMemo, useSyncExternalStore } from 'react';
import { getSupplierId, getToken } from '@/api/session';
import { kvGet, supplierOwner, visitorOwner, type OutboxEntry, type OwnerKey, type UploadRecord } from './db';
import { getSyncState, onSyncState, type SyncState } from './events';
import { listEntries, listUploads, subscribe } from './outbox';

/** Where the visitor screens keep the passes on this device: phone → pass. */
export const VISITOR_PASSES_KEY = 'visitor-passes';

let visitorPhones: string[] = [];

async function loadVisitorPhones(): Promise<string[]> {
  try {
    visitorPhones = Object.keys((await kvGet<Record<string, VisitPass>>(VISITOR_PASSES_KEY)) ?? {});
  } catch {
    // No IndexedDB (private mode in old browsers): no visitor owners.
  }
  return visitorPhones;
}

function ownersWith(phones: string[]): OwnerKey[] {
  const supplierId = getSupplierId();
  const owners: OwnerKey[] = supplierId && getToken() ? [supplierOwner(supplierId)] : [];
  return [...owners, ...phones.map(visitorOwner)];
}

/**
 * The logged-in supplier (session cookies) and every visitor whose pass is on this device.
 * The visitor phones come from the last read of kv 'visitor-passes' (refreshed on every
 * outbox change), so this stays synchronous.
 */
export function currentOwners(): OwnerKey[] {
  return ownersWith(visitorPhones);
}

export interface OutboxView {
  entries: OutboxEntry[];
  /** Entries that will go by themselves: queued, sending, or paused until their owner logs in. */
  waitingCount: number;
  /** Entries the bid service refused (E4xx): they go nowhere until the user mends, retries or discards them. */
  attentionCount: number;
  /** By entry id. */
  uploads: Record<string, UploadRecord[]>;
  /** The outbox has been read for this view (an empty list before that means "not known yet", not "nothing waits"). */
  loaded: boolean;
}

const EMPTY: OutboxView = { entries: [], waitingCount: 0, attentionCount: 0, uploads: {}, loaded: false };

/** One live view per owner set, shared by every component that asks for it. */
class LiveOutbox {
  private view = EMPTY;
  private readonly listeners = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;
  private version = 0;

  constructor(private readonly owners: OwnerKey[] | null) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (!this.unsubscribe) this.unsubscribe = subscribe(() => void this.reload());
    // A new screen may come after a login or logout, which the outbox does not hear of.
    void this.reload();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) {
        this.unsubscribe?.();
        this.unsubscribe = null;
        // The next screen may belong to another session: it must not see this one's entries, even for a moment.
        this.view = EMPTY;
        this.version++;
      }
    };
  };

  getSnapshot = () => this.view;

  private async reload(): Promise<void> {
    const version = ++this.version;
    try {
      const owners = this.owners ?? ownersWith(await loadVisitorPhones());
      const entries = await listEntries(owners);
      const withFiles = entries.filter((entry) => entry.fileFields.some((field) => field.uploadIds.length > 0));
      const uploadLists = await Promise.all(withFiles.map((entry) => listUploads(entry.id)));
      if (version !== this.version) return;
      const attentionCount = entries.filter((entry) => entry.status === 'failed').length;
      this.view = {
        entries,
        waitingCount: entries.length - attentionCount,
        attentionCount,
        uploads: Object.fromEntries(withFiles.map((entry, i) => [entry.id, uploadLists[i] ?? []])),
        loaded: true,
      };
      this.listeners.forEach((listener) => listener());
    } catch (error) {
      console.error('outbox view failed to load', error);
    }
  }
}

const views = new Map<string, LiveOutbox>();
function viewFor(owners?: OwnerKey[]): LiveOutbox {
  const key = owners ? [...owners].sort().join(',') : '*current';
  let view = views.get(key);
  if (!view) {
    view = new LiveOutbox(owners ? [...owners] : null);
    views.set(key, view);
  }
  return view;
}

/** The waiting entries of these owners (by default: currentOwners()), live across tabs. */
export function useOutbox(owners?: OwnerKey[]): OutboxView {
  const view = viewFor(owners);
  return useSyncExternalStore(view.subscribe, view.getSnapshot, () => EMPTY);
}

/**
 * The entries of one thread (e.g. `tender:${recordId}`) out of a view, oldest first, with
 * their uploads. A selector for lists: one useOutbox() for the screen, then this per row.
 */
export function entriesOfThread(view: Pick<OutboxView, 'entries' | 'uploads'>, thread: string): Pick<OutboxView, 'entries' | 'uploads'> {
  const entries = view.entries.filter((entry) => entry.thread === thread);
  return { entries, uploads: Object.fromEntries(entries.map((entry) => [entry.id, view.uploads[entry.id] ?? []])) };
}

/**
 * The waiting entries of one thread, live (same owners as useOutbox). With deadlineState /
 * worstDeadlineState (./deadline) a record screen shows the same warning as /pending.
 */
export function useThreadOutbox(thread: string, owners?: OwnerKey[]): Pick<OutboxView, 'entries' | 'uploads' | 'loaded'> {
  const view = useOutbox(owners);
  return useMemo(() => ({ ...entriesOfThread(view, thread), loaded: view.loaded }), [view, thread]);
}

function subscribeOnline(listener: () => void): () => void {
  globalThis.addEventListener?.('online', listener);
  globalThis.addEventListener?.('offline', listener);
  return () => {
    globalThis.removeEventListener?.('online', listener);
    globalThis.removeEventListener?.('offline', listener);
  };
}
const isOnline = () => globalThis.navigator?.onLine ?? true;

export interface Connectivity extends SyncState {
  online: boolean;
}

/** The browser's online flag and what the sync engine (in whichever tab leads) is doing. */
export function useConnectivity(): Connectivity {
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const sync = useSyncExternalStore(onSyncState, getSyncState, getSyncState);
  return { online, syncing: sync.syncing, progress: sync.progress };
}
