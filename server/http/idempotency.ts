import type { FastifyRequest } from 'fastify';
import { Code } from '../../contract/codes';
import { HEADER } from '../../contract/http';
import type { Tx } from '../db/db';
import { sha256 } from '../security/tokens';
import { ApiError } from './api-error';
import type { Session } from './context';

const KEY_RE = /^[\w-]{8,128}$/;
/** How long a key is remembered; the portal's outbox retries well within a day. */
export const IDEMPOTENCY_KEEP_MS = 24 * 3600_000;
/**
 * A reservation older than this belongs to a run that died with its process (its transaction
 * rolled back with it): the next duplicate takes it over. Well above the 50 s request timeout.
 */
const STALE_RESERVATION_MS = 2 * 60_000;

const inProgress = () => new ApiError(Code.conflict, 'inProgress');

class RefusedInAbortedTransaction extends Error {
  constructor(readonly refusal: ApiError) {
    super(refusal.message);
  }
}

interface Slot {
  principal: string;
  key: string;
  path: string;
}

type Claim<T> = { kind: 'run'; reservedAt: Date } | { kind: 'replay'; data: T };

/**
 * Reserves the key for this run (a row with a null answer), or says what to do instead:
 * replay a stored answer, or refuse a duplicate whose first run is still going (E409
 * inProgress, which the portal's outbox retries later with the same key).
 */
async function claim<T>(db: Tx, slot: Slot, now: Date): Promise<Claim<T>> {
  const params = [slot.principal, slot.key, slot.path];
  const inserted = await db.query('INSERT INTO idempotency_keys (principal, key, path, response, created_at) VALUES ($1, $2, $3, NULL, $4) ON CONFLICT DO NOTHING RETURNING key', [...params, now]);
  if (inserted.length) return { kind: 'run', reservedAt: now };
  const rows = await db.query<{ response: { data: T } | null; created_at: Date }>('SELECT response, created_at FROM idempotency_keys WHERE principal = $1 AND key = $2 AND path = $3', params);
  const row = rows[0];
  if (!row) return claim(db, slot, now); // removed in between by a failed run: try again
  const age = now.getTime() - new Date(row.created_at).getTime();
  if (row.response && age < IDEMPOTENCY_KEEP_MS) return { kind: 'replay', data: row.response.data };
  if (!row.response && age < STALE_RESERVATION_MS) throw inProgress();
  // Forgotten answer or dead reservation: take the row over, unless another duplicate just did.
  const taken = await db.query(
    'UPDATE idempotency_keys SET response = NULL, created_at = $4 WHERE principal = $1 AND key = $2 AND path = $3 AND created_at = $5 RETURNING key',
    [...params, now, row.created_at],
  );
  if (!taken.length) throw inProgress();
  return { kind: 'run', reservedAt: now };
}

/**
 * Replays the first successful answer to a write sent again with the same Idempotency-Key
 * by the same caller with the same body (the portal's outbox retries after a lost answer).
 *
 * The key is reserved first, so a concurrent duplicate gets E409 inProgress instead of a
 * second write. The write runs in one transaction with its stored answer: either both are
 * committed or neither. A business refusal (ApiError) commits what the handler wrote on
 * purpose (e.g. a counted wrong code) and frees the key, so the fixed retry really runs; any
 * other failure rolls the write back and frees the key. Without a key, `run` gets the database.
 */
export async function withIdempotency<T>(req: FastifyRequest, session: Session | null, run: (db: Tx) => Promise<T>): Promise<T> {
  const { db, now } = req.server.services;
  const raw = req.headers[HEADER.idempotencyKey.toLowerCase()];
  const key = typeof raw === 'string' && KEY_RE.test(raw) ? raw : null;
  if (!key) return run(db);
  const slot: Slot = { principal: session?.supplierId ?? 'anonymous', key, path: `${req.routeOptions.url}#${sha256(JSON.stringify(req.body ?? null))}` };
  const where = 'principal = $1 AND key = $2 AND path = $3';
  const params = [slot.principal, slot.key, slot.path];
  const claimed = await claim<T>(db, slot, now());
  if (claimed.kind === 'replay') return claimed.data;
  let outcome: { ok: true; data: T } | { ok: false; error: ApiError };
  try {
    outcome = await db.transaction(async (tx) => {
      try {
        const data = await run(tx);
        await tx.query(`UPDATE idempotency_keys SET response = $4 WHERE ${where}`, [...params, JSON.stringify({ data: data ?? null })]);
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
    await db.query(`DELETE FROM idempotency_keys WHERE ${where} AND response IS NULL`, params).catch(() => undefined);
    throw error instanceof RefusedInAbortedTransaction ? error.refusal : error;
  }
  if (!outcome.ok) throw outcome.error;
  return outcome.data;
}

/** Housekeeping (main.ts, hourly): answers older than a day are never replayed. */
export async function deleteOldIdempotencyKeys(db: Tx, before: Date): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before]);
}
