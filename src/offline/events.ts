import type { OutboxEntry } from './db';
import { CHANNEL_NAME } from './db-name';

/**
 * How the outbox tells the screens and the sync engine that something changed, in this tab
 * and in the others (BroadcastChannel 'portal-outbox'). Kept apart from the engine so the
 * screens load none of it: the engine is a lazy chunk that only the leader tab runs.
 */
export interface SyncState {
  syncing: boolean;
  /** Entries handled in the current run out of those due; null when idle. */
  progress: { done: number; total: number } | null;
}

type Message = { type: 'changed'; kick: boolean } | { type: 'sync'; state: SyncState };

const changeListeners = new Set<() => void>();
const kickListeners = new Set<() => void>();
const syncListeners = new Set<() => void>();
const sentListeners = new Set<(entry: OutboxEntry, result: unknown) => void>();
const refusedListeners = new Set<(entry: OutboxEntry) => void>();
let syncState: SyncState = { syncing: false, progress: null };

let channel: BroadcastChannel | null | undefined;

function receive(message: Message): void {
  if (message.type === 'changed') {
    changeListeners.forEach((listener) => listener());
    if (message.kick) kickListeners.forEach((listener) => listener());
  } else if (message.type === 'sync') {
    syncState = message.state;
    syncListeners.forEach((listener) => listener());
  }
}

function getChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
    channel?.addEventListener('message', (event: MessageEvent<Message>) => receive(event.data));
    // Node (tests) would otherwise keep the process alive for the channel.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

function publish(message: Message): void {
  receive(message);
  try {
    getChannel()?.postMessage(message);
  } catch {
    // A closed channel (page unloading) loses only a refresh hint.
  }
}

/** Something in the outbox changed; `kick` asks the leader tab to sync now. */
export function emitChange(kick = false): void {
  publish({ type: 'changed', kick });
}

export function onChange(listener: () => void): () => void {
  getChannel();
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The sync engine listens here: an entry was written, retried, resumed (in any tab). */
export function onKick(listener: () => void): () => void {
  getChannel();
  kickListeners.add(listener);
  return () => kickListeners.delete(listener);
}

export function emitSent(entry: OutboxEntry, result: unknown): void {
  sentListeners.forEach((listener) => {
    try {
      listener(entry, result);
    } catch (error) {
      console.error('outbox onSent listener failed', error);
    }
  });
}

export function onSentLocal(listener: (entry: OutboxEntry, result: unknown) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** The bid service refused an entry for good (E4xx: a deadline passed, a status changed). */
export function emitRefused(entry: OutboxEntry): void {
  refusedListeners.forEach((listener) => {
    try {
      listener(entry);
    } catch (error) {
      console.error('outbox onRefused listener failed', error);
    }
  });
}

export function onRefusedLocal(listener: (entry: OutboxEntry) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

export function getSyncState(): SyncState {
  return syncState;
}

export function setSyncState(state: SyncState): void {
  publish({ type: 'sync', state });
}

export function onSyncState(listener: () => void): () => void {
  getChannel();
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}
