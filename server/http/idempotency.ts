import type { FastifyRequest } from 'fastify';
import { HEADER } from '../../contract/http';
import { sha256 } from '../security/tokens';
import type { Session } from './context';

const KEY_RE = /^[\w-]{8,128}$/;
/** How long a key is remembered; the portal's outbox retries well within a day. */
const KEEP_MS = 24 * 3600_000;

/**
 * Replays the first successful answer to a write sent again with the same Idempotency-Key
 * by the same caller with the same body (the portal's outbox retries after a lost answer).
 * Failures are not remembered: the user fixes the entry and the retry must really run.
 */
export async function withIdempotency<T>(req: FastifyRequest, session: Session | null, run: () => Promise<T>): Promise<T> {
  const raw = req.headers[HEADER.idempotencyKey.toLowerCase()];
  const key = typeof raw === 'string' && KEY_RE.test(raw) ? raw : null;
  if (!key) return run();
  const { db, now } = req.server.services;
  const principal = session?.supplierId ?? 'anonymous';
  const path = `${req.routeOptions.url}#${sha256(JSON.stringify(req.body ?? null))}`;
  const since = new Date(now().getTime() - KEEP_MS);
  const stored = await db.query<{ response: { data: T } }>(
    'SELECT response FROM idempotency_keys WHERE principal = $1 AND key = $2 AND path = $3 AND created_at > $4',
    [principal, key, path, since],
  );
  if (stored[0]) return stored[0].response.data;
  const data = await run();
  await db.query(
    `INSERT INTO idempotency_keys (principal, key, path, response, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (principal, key, path) DO UPDATE SET response = EXCLUDED.response, created_at = EXCLUDED.created_at`,
    [principal, key, path, JSON.stringify({ data: data ?? null }), now()],
  );
  return data;
}
