import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import { HEADER } from '../../contract/http';
import type { Tx } from '../db/db';
import { sha256 } from '../security/tokens';
import { ApiError } from './api-error';
import type { Session } from './context';

/**
 * What the portal sends (crypto.randomUUID(), src/offline/ids.ts) and other clients may: 8 to
 * 128 letters, digits, `_` or `-`. Anything else is refused (E400 idempotencyKeyInvalid), never
 * ignored: ignored, the retry it was meant to protect would write twice.
 */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9_-]{8,128}$/;
/** How long a key is remembered; the portal's outbox retries well within a day. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;
/**
 * How long a duplicate waits for the first run of its key (PostgreSQL's lock_timeout on the
 * reservation row) before it is answered E409 inProgress, which the portal retries later.
 */
const WAIT_FOR_FIRST_RUN = '5s';

const inProgress = () => new ApiError(Code.conflict, 'inProgress');
const reused = () => new ApiError(Code.conflict, 'idempotencyKeyReused');

class RefusedInAbortedTransaction extends Error {
  constructor(readonly refusal: ApiError) {
    super(refusal.message);
  }
}

interface Slot {
  principal: string;
  key: string;
  /** The route (`/bid-web/bid-service/tender/payDeposit`). */
  path: string;
  /** sha256 of the route and the canonical body: what the key was first sent with. */
  hash: string;
}

type Claim<T> = { kind: 'run' } | { kind: 'replay'; data: T };

/** JSON with the keys of every object sorted: the same body however its client ordered it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** PostgreSQL's lock_not_available: the first run of the key still holds its reservation. */
const isLockTimeout = (error: unknown) => (error as { code?: string } | null)?.code === '55P03';

/**
 * Reserves the key inside the write's own transaction, or says what to do instead.
 *
 * The reservation is the row inserted here, uncommitted until the write and its answer commit
 * with it. A duplicate's INSERT waits on that row: when the first run commits, the duplicate
 * replays its answer; when it rolls back, fails or its process dies (PostgreSQL aborts the
 * transaction of a lost connection at once), the row is gone and the duplicate runs. No
 * reservation outlives its owner, so nothing waits for a timeout after a crash. A duplicate
 * that waits longer than WAIT_FOR_FIRST_RUN gets E409 inProgress (PostgreSQL with several
 * instances; PGlite runs one transaction at a time, so its duplicates simply wait and replay).
 * A committed row without an answer (left by the scheme before migration 013) has no owner:
 * it is taken over, as is an answer older than IDEMPOTENCY_KEEP_MS.
 */
async function claim<T>(tx: Tx, slot: Slot, now: Date): Promise<Claim<T>> {
  const who = [slot.principal, slot.key];
  const [setting] = await tx.query<{ was: string }>("SELECT current_setting('lock_timeout') AS was, set_config('lock_timeout', $1, true)", [
    WAIT_FOR_FIRST_RUN,
  ]);
  const inserted = await tx.query(
    'INSERT INTO idempotency_keys (principal, key, path, request_hash, response, created_at) VALUES ($1, $2, $3, $4, NULL, $5) ON CONFLICT (principal, key) DO NOTHING RETURNING key',
    [...who, slot.path, slot.hash, now],
  );
  const rows = inserted.length
    ? []
    : await tx.query<{ request_hash: string; response: { data: T } | null; created_at: Date }>(
        'SELECT request_hash, response, created_at FROM idempotency_keys WHERE principal = $1 AND key = $2 FOR UPDATE',
        who,
      );
  // The handler's own statements keep the server's lock_timeout.
  await tx.query("SELECT set_config('lock_timeout', $1, true)", [setting?.was ?? '0']);
  if (inserted.length) return { kind: 'run' };
  const row = rows[0];
  if (!row) return claim(tx, slot, now); // its first run was refused and freed it meanwhile: try again
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (row.response && age < IDEMPOTENCY_KEEP_MS) {
    if (row.request_hash !== slot.hash) throw reused();
    return { kind: 'replay', data: row.response.data };
  }
  await tx.query(
    'UPDATE idempotency_keys SET path = $3, request_hash = $4, response = NULL, created_at = $5 WHERE principal = $1 AND key = $2',
    [...who, slot.path, slot.hash, now],
  );
  return { kind: 'run' };
}

/**
 * Replays the first successful answer to a write sent again with the same Idempotency-Key
 * by the same caller with the same body (the portal's outbox retries after a lost answer).
 * The same key with another body (or on another route) is a client error, E409
 * idempotencyKeyReused: neither a second write nor the other body's answer. A malformed key is
 * refused with E400 idempotencyKeyInvalid.
 *
 * The key is reserved in the write's transaction (see `claim`), which also stores the answer:
 * either both are committed or neither. A business refusal (ApiError) commits what the handler
 * wrote on purpose (e.g. a counted wrong code) and frees the key, so the fixed retry really
 * runs; any other failure rolls the write back and frees the key. Without a key, `run` gets
 * the database.
 */
export async function withIdempotency<T>(req: FastifyRequest, session: Session | null, run: (db: Tx) => Promise<T>): Promise<T> {
  const { db, now, metrics } = req.server.services;
  const raw = req.headers[HEADER.idempotencyKey.toLowerCase()];
  if (raw === undefined) return run(db);
  if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_RE.test(raw)) throw new ApiError(Code.invalid, 'idempotencyKeyInvalid');
  const path = req.routeOptions.url ?? req.url;
  const slot: Slot = {
    principal: session?.supplierId ?? 'anonymous',
    key: raw,
    path,
    hash: sha256(`${path}\n${canonicalJson(req.body ?? null)}`),
  };
  const where = 'principal = $1 AND key = $2';
  const params = [slot.principal, slot.key];
  let outcome: { ok: true; data: T; replayed?: true } | { ok: false; error: ApiError };
  try {
    outcome = await db.transaction(async (tx) => {
      const claimed = await claim<T>(tx, slot, now());
      if (claimed.kind === 'replay') return { ok: true as const, data: claimed.data, replayed: true as const };
      try {
        const data = await run(tx);
        await tx.query(`UPDATE idempotency_keys SET response = $3 WHERE ${where}`, [...params, JSON.stringify({ data: data ?? null })]);
        return { ok: true as const, data };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A refusal after a failed statement leaves the transaction aborted: roll it back.
        await tx.query(`DELETE FROM idempotency_keys WHERE ${where} AND response IS NULL`, params).catch(() => {
          throw new RefusedInAbortedTransaction(error);
        });
        return { ok: false as const, error };
      }
    });
  } catch (error) {
    if (isLockTimeout(error)) {
      metrics.idempotencyInProgress.inc();
      throw inProgress();
    }
    throw error instanceof RefusedInAbortedTransaction ? error.refusal : error;
  }
  if (!outcome.ok) throw outcome.error;
  // Counted once committed: a replay is an answer given, not one attempted.
  if (outcome.replayed) metrics.idempotentReplays.inc();
  return outcome.data;
}

/** Housekeeping (main.ts, hourly): answers older than a day are never replayed. */
export async function deleteOldIdempotencyKeys(db: Tx, before: Date): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before]);
}
