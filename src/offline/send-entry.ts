import { Code } from '@contract/codes';
import type { FileRef } from '@contract/schemas/common';
import { supplierOwner, type OutboxEntry } from './db';
import { emitChange, emitRefused, emitSent } from './events';
import type * as OutboxStore from './outbox-store';
import { classify, type Outcome } from './outcome';
import { appendAtPath, setAtPath } from './path';
import { waitsOnService } from './reachability-probe';
import { receiptRecordsOfSent } from './receipts';

// One outbox entry's attempt (DESIGN.md section 4): its files uploaded, its call sent under the
// owner's live session, and the outcome written back (sent, retried with backoff, held, paused
// for a login, or failed). The sync engine (`sync-engine.ts`) decides which entries go when.

export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/** The wait before attempt n+1 after n failed ones: 1 s · 2^(n-1), at most 5 min, ±50 % jitter. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS);
  return Math.min(Math.round(base * (0.5 + random())), BACKOFF_MAX_MS);
}

export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The globals, looked up at each call (so a test's fake timers apply). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** What an attempt needs: the engine's own dependencies (`SyncEngineDeps` in `sync-engine.ts`). */
export interface EntrySenderDeps {
  store: Pick<typeof OutboxStore, 'patchEntry' | 'removeEntry' | 'setOwnerStatus'>;
  /** Sends an entry's call with this body and the entry's idempotency key; throws what `classify` reads. */
  send: (entry: OutboxEntry, payload: Record<string, unknown>) => Promise<unknown>;
  /** Uploads one stored file (tus) and answers its FileRef; throws an UploadFailure. */
  uploadFile: (uploadId: string) => Promise<FileRef>;
  /** The live session, read at each decision. */
  session: () => { token: string | undefined; supplierId: string | undefined };
  clock: Clock;
  random: () => number;
  /** An entry now waits on the bid service being reachable again (`reachability-probe.ts`). */
  waitsOnService: () => void;
}

export interface EntrySender {
  /** Whether the entry may go under the live session. */
  mayBeSent(entry: OutboxEntry): boolean;
  /** Marks a queued entry sending, attempts it and writes the outcome back; a no-op if it is no longer queued. */
  process(entry: OutboxEntry): Promise<void>;
}

export function createEntrySender(deps: EntrySenderDeps): EntrySender {
  const { store, send, session, clock, random } = deps;

  /** A supplier's entry goes only under that supplier's live session; a visitor's is public (the pass is in the body). */
  function mayBeSent(entry: OutboxEntry): boolean {
    if (entry.owner.startsWith('visitor:')) return true;
    const { token, supplierId } = session();
    return Boolean(token && supplierId && entry.owner === supplierOwner(supplierId));
  }

  /**
   * Uploads an entry's files (tus) field by field, in the order given, and answers a copy of the
   * body with each field's FileRefs appended at its path. The stored payload is never changed:
   * a later attempt starts from it again, and a finished upload answers its stored FileRef
   * without sending anything, so a failure in one field never uploads an earlier one twice.
   */
  async function withFiles(entry: OutboxEntry): Promise<Record<string, unknown>> {
    let payload = entry.payload;
    for (const { field, uploadIds, single } of entry.fileFields) {
      const refs: FileRef[] = [];
      for (const uploadId of uploadIds) refs.push(await deps.uploadFile(uploadId));
      payload = single ? setAtPath(payload, field, refs[0]) : appendAtPath(payload, field, refs);
    }
    return payload;
  }

  async function attempt(entry: OutboxEntry): Promise<Outcome> {
    const tokenAtStart = session().token;
    try {
      const payload = await withFiles(entry);
      // The session may have changed while files travelled.
      if (!mayBeSent(entry)) return { kind: 'hold' };
      return { kind: 'sent', result: await send(entry, payload) };
    } catch (error) {
      const outcome = classify(error);
      // Refused the token this attempt started with, while the owner logged in again meanwhile:
      // that says nothing of the new session, so the entry goes again rather than wait paused.
      return outcome.kind === 'pause' && session().token !== tokenAtStart ? { kind: 'hold' } : outcome;
    }
  }

  async function settle(entry: OutboxEntry, outcome: Outcome): Promise<void> {
    const now = clock.now();
    switch (outcome.kind) {
      case 'sent':
        await store.removeEntry(entry.id, receiptRecordsOfSent(entry, outcome.result, now));
        emitSent(entry, outcome.result);
        break;
      case 'retry': {
        const queued = await store.patchEntry(entry.id, (e) => ({
          ...e,
          status: 'queued',
          attempts: e.attempts + 1,
          nextAttemptAt: now + backoffDelay(e.attempts + 1, random),
          lastError: { code: outcome.code, message: outcome.message, ...(outcome.reason ? { reason: outcome.reason } : {}) },
        }));
        if (queued && waitsOnService(queued, now)) deps.waitsOnService();
        break;
      }
      case 'hold':
        await store.patchEntry(entry.id, (e) => ({ ...e, status: 'queued' }));
        break;
      case 'pause':
        // Never dropped, never sent under another account: the owner's login resumes them.
        await store.patchEntry(entry.id, (e) => ({
          ...e,
          status: 'paused',
          lastError: { code: Code.unauthorized, message: outcome.message },
        }));
        await store.setOwnerStatus(entry.owner, ['queued'], 'paused');
        break;
      case 'fail': {
        const failed = await store.patchEntry(entry.id, (e) => ({
          ...e,
          status: 'failed',
          lastError: { code: outcome.code, message: outcome.message, ...(outcome.reason ? { reason: outcome.reason } : {}) },
        }));
        if (failed) emitRefused(failed);
        break;
      }
    }
    emitChange();
  }

  async function process(entry: OutboxEntry): Promise<void> {
    const sending = await store.patchEntry(entry.id, (e) => (e.status === 'queued' ? { ...e, status: 'sending' } : null));
    if (!sending) return;
    emitChange();
    await settle(sending, await attempt(sending));
  }

  return { mayBeSent, process };
}
