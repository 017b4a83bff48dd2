import { supplierOwner, type OutboxEntry } from './db';
import { emitChange, onKick, setSyncState } from './events';
import type * as OutboxStore from './outbox-store';
import { createServiceWatch, waitsOnService } from './reachability-probe';
import { BACKOFF_MAX_MS, createEntrySender, systemClock, type Clock, type EntrySenderDeps } from './send-entry';

// The sync engine (DESIGN.md section 4): one leader tab sends what the outbox holds, thread by
// thread in the order it was written, uploads first (each entry's attempt: `send-entry.ts`).
// Loaded lazily after first paint. An engine is made with what it depends on
// (`createSyncEngine`); the app makes one (`app-sync-engine.ts`), each test its own with fakes.

/** Threads sent side by side; within a thread, one entry at a time. */
const PARALLEL_THREADS = 4;
export const LEADER_LOCK = 'portal-outbox-leader';

export interface SyncEngineDeps extends Pick<EntrySenderDeps, 'send' | 'uploadFile' | 'session'> {
  /** The outbox's records (`outbox-store.ts`). */
  store: Pick<typeof OutboxStore, 'allEntries' | 'patchEntry' | 'removeEntry' | 'setOwnerStatus'>;
  /** Web Locks for electing the leader tab; without them every tab leads. */
  locks?: { request(name: string, callback: () => Promise<void>): Promise<unknown> } | undefined;
  /**
   * Where the wake-ups come from: `online`, `visibilitychange`, the worker's Background Sync
   * message, and `answered` (`onAnswered` of `api/reachability.ts`: the request layer heard back
   * from the bid service). `navigator.onLine` and the page's visibility gate the probe.
   */
  triggers: {
    window?: EventTarget | undefined;
    document?: (EventTarget & { readonly visibilityState: string }) | undefined;
    serviceWorker?: EventTarget | undefined;
    navigator?: { readonly onLine: boolean } | undefined;
    answered?: ((listener: () => void) => () => void) | undefined;
  };
  /** Whether the bid service answers, asked every few seconds while entries wait on it; without it they wait out their backoff. */
  probe?: () => Promise<boolean>;
  clock?: Clock;
  /** The backoff's jitter. */
  random?: () => number;
}

export interface SyncEngine {
  /** Listens to the triggers and asks for the leader lock; once. */
  start(): void;
  /** Stops listening, drops the timer and the lock; the engine is done (a test makes a new one). */
  stop(): void;
  /** A trigger: the leader syncs now; another tab asks the leader to. */
  syncNow(): void;
  /** That supplier logged in: its paused entries are queued again and sent. */
  notifyLogin(supplierId: string): void;
  /** For tests: the leader's start, a resume and the current run, if any, finished. */
  whenIdle(): Promise<void>;
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { store, send, session, locks, triggers, clock = systemClock, random = Math.random } = deps;

  let started = false;
  let stopped = false;
  let leader = false;
  let stopListening: (() => void)[] = [];
  let releaseLock: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let leading: Promise<void> | null = null;
  let resuming: Promise<void> | null = null;
  let resetting: Promise<void> | null = null;
  let again = false;
  let timer: unknown = null;

  const { mayBeSent, process } = createEntrySender({
    store,
    send,
    uploadFile: deps.uploadFile,
    session,
    clock,
    random,
    waitsOnService: () => watch.waiting(true),
  });

  /**
   * Each thread's oldest entry when it is queued and may go: the only entries that can be sent
   * next (an older failed, paused or sending one blocks its thread).
   */
  function sendableHeads(entries: OutboxEntry[]): OutboxEntry[] {
    const heads = new Map<string, OutboxEntry>();
    for (const entry of entries) if (!heads.has(entry.thread)) heads.set(entry.thread, entry);
    return [...heads.values()].filter((entry) => entry.status === 'queued' && mayBeSent(entry));
  }

  /** The heads that are due now. */
  const dueHeads = (entries: OutboxEntry[], now: number) => sendableHeads(entries).filter((entry) => entry.nextAttemptAt <= now);

  async function runLoop(): Promise<void> {
    let done = 0;
    let total = 0;
    try {
      for (;;) {
        // A trigger while this pass reads the outbox must not be lost: `again` asks for one more pass.
        again = false;
        const entries = await store.allEntries();
        const now = clock.now();
        const heads = dueHeads(entries, now);
        if (heads.length === 0) {
          if (again) continue;
          break;
        }
        const waiting = entries.filter((entry) => entry.status === 'queued' && entry.nextAttemptAt <= now && mayBeSent(entry)).length;
        total = Math.max(total, done + waiting);
        setSyncState({ syncing: true, progress: { done, total } });
        const queue = [...heads];
        const worker = async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            await process(next);
            done += 1;
            total = Math.max(total, done);
            setSyncState({ syncing: true, progress: { done, total } });
          }
        };
        await Promise.all(Array.from({ length: Math.min(PARALLEL_THREADS, queue.length) }, worker));
      }
    } finally {
      if (total > 0) setSyncState({ syncing: false, progress: null });
      await scheduleNext();
    }
  }

  /** The backoff timer: wake up when the earliest waiting entry is due. */
  async function scheduleNext(): Promise<void> {
    if (timer) clock.clearTimeout(timer);
    timer = null;
    if (!leader) return; // stopped meanwhile
    const entries = await store.allEntries();
    if (!leader) return;
    // Only heads: an entry behind a failed one waits for that one's retry or discard (which
    // wakes the engine), not for a timer that would fire at once, again and again.
    const heads = sendableHeads(entries);
    const now = clock.now();
    watch.waiting(heads.some((entry) => waitsOnService(entry, now)));
    const next = Math.min(...heads.map((entry) => entry.nextAttemptAt));
    if (!Number.isFinite(next)) return;
    timer = clock.setTimeout(() => void run(), Math.min(Math.max(0, next - clock.now()), BACKOFF_MAX_MS));
  }

  function run(): Promise<void> {
    if (!leader) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runLoop()
      .catch((error: unknown) => console.error('outbox sync failed', error))
      .finally(() => {
        running = null;
        // A trigger that came after the last pass looked (while the timer was set): one more run.
        if (again) void run();
      });
    return running;
  }

  async function becomeLeader(): Promise<void> {
    leader = true;
    // A tab that died mid-send left entries "sending": they go again with the same key.
    for (const entry of await store.allEntries()) {
      if (entry.status === 'sending') await store.patchEntry(entry.id, (e) => (e.status === 'sending' ? { ...e, status: 'queued' } : null));
    }
    await run();
  }

  const waitsAtAll = (entry: OutboxEntry, now: number) => entry.status === 'queued' && entry.nextAttemptAt > now;

  /** Queued entries waiting out a backoff (those `which` picks) become due at once; answers how many. */
  async function dueNow(which: (entry: OutboxEntry, now: number) => boolean = waitsAtAll): Promise<number> {
    const now = clock.now();
    let moved = 0;
    for (const entry of await store.allEntries()) {
      if (which(entry, now) && (await store.patchEntry(entry.id, (e) => (which(e, now) ? { ...e, nextAttemptAt: now } : null)))) moved += 1;
    }
    return moved;
  }

  /** Every waiting entry due now, then sync. */
  function resetThenSync(): void {
    resetting = dueNow()
      .then(syncNow)
      .catch((error: unknown) => console.error('outbox backoff reset failed', error));
  }

  /** Entries waiting because the bid service could not be reached go once it answers (`reachability-probe.ts`). */
  const watch = createServiceWatch({
    probe: deps.probe,
    // Hidden, the page would probe for nobody; offline, the `online` event wakes the engine.
    mayProbe: () => leader && (triggers.document?.visibilityState ?? 'visible') === 'visible' && triggers.navigator?.onLine !== false,
    leader: () => leader,
    resetWaits: () => dueNow(waitsOnService),
    sync: syncNow,
    clock,
    random,
  });

  function syncNow(): void {
    if (leader) void run();
    else emitChange(true);
  }

  function notifyLogin(supplierId: string): void {
    resuming = store
      .setOwnerStatus(supplierOwner(supplierId), ['paused'], 'queued', { nextAttemptAt: clock.now(), lastError: null })
      .then(() => {
        emitChange(true);
        syncNow();
      })
      .catch((error: unknown) => console.error('outbox resume failed', error));
  }

  function start(): void {
    if (started || stopped) return;
    started = true;
    // Back online, or the page seen again: entries waiting out a backoff (up to 5 minutes) go now, not at their timer.
    const onOnline = () => resetThenSync();
    const onVisible = () => {
      if (triggers.document?.visibilityState === 'visible') resetThenSync();
    };
    // The worker's Background Sync event asks the open tabs to sync.
    const onWorkerMessage = (event: Event) => {
      if ((event as MessageEvent<{ type?: string } | null>).data?.type === 'SYNC_OUTBOX') syncNow();
    };
    triggers.window?.addEventListener('online', onOnline);
    triggers.document?.addEventListener('visibilitychange', onVisible);
    triggers.serviceWorker?.addEventListener('message', onWorkerMessage);
    stopListening = [
      onKick(() => void run()),
      () => triggers.window?.removeEventListener('online', onOnline),
      () => triggers.document?.removeEventListener('visibilitychange', onVisible),
      () => triggers.serviceWorker?.removeEventListener('message', onWorkerMessage),
      triggers.answered?.(watch.answered) ?? (() => {}),
    ];
    if (!locks?.request) {
      // No Web Locks: every tab leads; the idempotency keys keep a double send harmless.
      leading = becomeLeader();
      return;
    }
    // Held for the tab's life: the next tab in line takes over when this one closes.
    void locks
      .request(LEADER_LOCK, async () => {
        if (stopped) return;
        leading = becomeLeader();
        await leading;
        await new Promise<void>((resolve) => (releaseLock = resolve));
      })
      .catch((error: unknown) => console.error('outbox leader lock failed', error));
  }

  function stop(): void {
    stopped = true;
    leader = false;
    stopListening.forEach((unlisten) => unlisten());
    stopListening = [];
    watch.stop();
    if (timer) clock.clearTimeout(timer);
    timer = null;
    releaseLock?.();
  }

  async function whenIdle(): Promise<void> {
    await leading;
    await resuming;
    await resetting;
    while (running) await running;
  }

  return { start, stop, syncNow, notifyLogin, whenIdle };
}
