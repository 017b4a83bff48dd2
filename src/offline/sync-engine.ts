import { calls } from '@contract/calls';
import { Code } from '@contract/codes';
import type { FileRef } from '@contract/schemas/common';
import { request } from '@/api/request';
import { getSupplierId, getToken } from '@/api/session';
import { supplierOwner, type OutboxEntry } from './db';
import { emitChange, emitSent, onKick, setSyncState } from './events';
import { allEntries, patchEntry, removeEntry, setOwnerStatus } from './outbox-store';
import { classify, type Outcome } from './outcome';
import { appendAtPath, setAtPath } from './path';

/**
 * The sync engine (DESIGN.md section 4): one leader tab sends what the outbox holds, thread
 * by thread in the order it was written, uploads first. Loaded lazily after first paint.
 */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** Threads sent side by side; within a thread, one entry at a time. */
const PARALLEL_THREADS = 4;
export const LEADER_LOCK = 'portal-outbox-leader';

/** The wait before attempt n+1 after n failed ones: 1 s · 2^(n-1), at most 5 min, ±50 % jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.min(Math.round(base * (0.5 + random())), BACKOFF_MAX_MS);
}

/** A supplier's entry goes only under that supplier's live session; a visitor's is public (the pass is in the body). */
function mayBeSent(entry: OutboxEntry): boolean {
  if (entry.owner.startsWith('visitor:')) return true;
  const supplierId = getSupplierId();
  return Boolean(getToken() && supplierId && entry.owner === supplierOwner(supplierId));
}

/**
 * Uploads an entry's files (tus) field by field, in the order given, and answers a copy of the
 * body with each field's FileRefs appended at its path. The stored payload is never changed:
 * a later attempt starts from it again, and a finished upload answers its stored FileRef
 * without sending anything, so a failure in one field never uploads an earlier one twice.
 */
async function withFiles(entry: OutboxEntry): Promise<Record<string, unknown>> {
  if (entry.fileFields.length === 0) return entry.payload;
  const uploading = entry.fileFields.some((field) => field.uploadIds.length > 0);
  const uploadFile = uploading ? (await import('./uploads')).uploadFile : null;
  let payload = entry.payload;
  for (const { field, uploadIds, single } of entry.fileFields) {
    const refs: FileRef[] = [];
    for (const uploadId of uploadIds) if (uploadFile) refs.push(await uploadFile(uploadId));
    payload = single ? setAtPath(payload, field, refs[0]) : appendAtPath(payload, field, refs);
  }
  return payload;
}

async function attempt(entry: OutboxEntry): Promise<Outcome> {
  try {
    const payload = await withFiles(entry);
    // The session may have changed while files travelled.
    if (!mayBeSent(entry)) return { kind: 'hold' };
    const result = await request(calls[entry.call], payload as never, { idempotencyKey: entry.idempotencyKey, background: true, suppressError: true });
    return { kind: 'sent', result };
  } catch (error) {
    return classify(error);
  }
}

async function settle(entry: OutboxEntry, outcome: Outcome): Promise<void> {
  const now = Date.now();
  switch (outcome.kind) {
    case 'sent':
      await removeEntry(entry.id);
      emitSent(entry, outcome.result);
      break;
    case 'retry':
      await patchEntry(entry.id, (e) => ({ ...e, status: 'queued', attempts: e.attempts + 1, nextAttemptAt: now + backoffDelay(e.attempts + 1), lastError: { code: outcome.code, message: outcome.message, ...(outcome.reason ? { reason: outcome.reason } : {}) } }));
      break;
    case 'hold':
      await patchEntry(entry.id, (e) => ({ ...e, status: 'queued' }));
      break;
    case 'pause':
      // Never dropped, never sent under another account: the owner's login resumes them.
      await patchEntry(entry.id, (e) => ({ ...e, status: 'paused', lastError: { code: Code.unauthorized, message: outcome.message } }));
      await setOwnerStatus(entry.owner, ['queued'], 'paused');
      break;
    case 'fail':
      await patchEntry(entry.id, (e) => ({ ...e, status: 'failed', lastError: { code: outcome.code, message: outcome.message, ...(outcome.reason ? { reason: outcome.reason } : {}) } }));
      break;
  }
  emitChange();
}

async function process(entry: OutboxEntry): Promise<void> {
  const sending = await patchEntry(entry.id, (e) => (e.status === 'queued' ? { ...e, status: 'sending' } : null));
  if (!sending) return;
  emitChange();
  await settle(sending, await attempt(sending));
}

/** Each thread's oldest entry when it is due and may go now: an older failed/paused/waiting one blocks its thread. */
function dueHeads(entries: OutboxEntry[], now: number): OutboxEntry[] {
  const heads = new Map<string, OutboxEntry>();
  for (const entry of entries) if (!heads.has(entry.thread)) heads.set(entry.thread, entry);
  return [...heads.values()].filter((entry) => entry.status === 'queued' && entry.nextAttemptAt <= now && mayBeSent(entry));
}

let started = false;
let leader = false;
let stopListening: (() => void)[] = [];
let running: Promise<void> | null = null;
let leading: Promise<void> | null = null;
let resuming: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;

async function runLoop(): Promise<void> {
  let done = 0;
  let total = 0;
  try {
    for (;;) {
      // A trigger while this pass reads the outbox must not be lost: `again` asks for one more pass.
      again = false;
      const entries = await allEntries();
      const now = Date.now();
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
  if (timer) clearTimeout(timer);
  timer = null;
  const entries = await allEntries();
  const next = Math.min(...entries.filter((entry) => entry.status === 'queued' && mayBeSent(entry)).map((entry) => entry.nextAttemptAt));
  if (!Number.isFinite(next)) return;
  timer = setTimeout(() => void run(), Math.min(Math.max(0, next - Date.now()), BACKOFF_MAX_MS));
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
  for (const entry of await allEntries()) {
    if (entry.status === 'sending') await patchEntry(entry.id, (e) => (e.status === 'sending' ? { ...e, status: 'queued' } : null));
  }
  await run();
}

/** Queued entries waiting out a backoff become due at once. */
async function dueNow(): Promise<void> {
  const now = Date.now();
  for (const entry of await allEntries()) {
    if (entry.status === 'queued' && entry.nextAttemptAt > now) await patchEntry(entry.id, (e) => (e.status === 'queued' && e.nextAttemptAt > now ? { ...e, nextAttemptAt: now } : null));
  }
}

/** A trigger: the leader syncs now; another tab asks the leader to. */
export function syncNow(): void {
  if (leader) void run();
  else emitChange(true);
}

/** That supplier logged in: its paused entries are queued again and sent. */
export function notifyLogin(supplierId: string): void {
  resuming = setOwnerStatus(supplierOwner(supplierId), ['paused'], 'queued', { nextAttemptAt: Date.now(), lastError: null })
    .then(() => {
      emitChange(true);
      syncNow();
    })
    .catch((error: unknown) => console.error('outbox resume failed', error));
}

export function startSync(): void {
  if (started) return;
  started = true;
  // Back online: entries waiting out a backoff (up to 5 minutes) go now, not at their timer.
  const onOnline = () => void dueNow().then(syncNow);
  const onVisible = () => {
    if (document.visibilityState === 'visible') syncNow();
  };
  // The worker's Background Sync event asks the open tabs to sync.
  const onWorkerMessage = (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type === 'SYNC_OUTBOX') syncNow();
  };
  const worker = globalThis.navigator?.serviceWorker;
  globalThis.addEventListener?.('online', onOnline);
  globalThis.document?.addEventListener('visibilitychange', onVisible);
  worker?.addEventListener('message', onWorkerMessage);
  stopListening = [
    onKick(() => void run()),
    () => globalThis.removeEventListener?.('online', onOnline),
    () => globalThis.document?.removeEventListener('visibilitychange', onVisible),
    () => worker?.removeEventListener('message', onWorkerMessage),
  ];
  const locks = globalThis.navigator?.locks;
  if (!locks?.request) {
    // No Web Locks: every tab leads; the idempotency keys keep a double send harmless.
    leading = becomeLeader();
    return;
  }
  // Held for the tab's life: the next tab in line takes over when this one closes.
  void locks
    .request(LEADER_LOCK, async () => {
      leading = becomeLeader();
      await leading;
      await new Promise<never>(() => {});
    })
    .catch((error: unknown) => console.error('outbox leader lock failed', error));
}

/** For tests: the leader's start and the current run, if any, finished. */
export async function whenIdle(): Promise<void> {
  await leading;
  await resuming;
  while (running) await running;
}

/** For tests: forget the started state. */
export function resetSyncForTests(): void {
  started = false;
  leader = false;
  leading = null;
  resuming = null;
  again = false;
  stopListening.forEach((stop) => stop());
  stopListening = [];
  if (timer) clearTimeout(timer);
  timer = null;
}
