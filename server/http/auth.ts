import type { FastifyRequest } from 'fastify';
import { HEADER } from '../../contract/http';
import { findLiveSession } from '../db/session-repo';
import { sha256 } from '../security/tokens';
import { forbidden, unauthorized } from './api-error';
import type { Session } from './context';

const header = (req: FastifyRequest, name: string): string => {
  const value = req.headers[name.toLowerCase()];
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
};

/**
 * The session behind X-Access-Token. `required`: no token is E401 "token lost", a dead token
 * E401 "session timed out". On public calls a dead token counts as no token, so a stale
 * cookie never blocks registration or the public lists. A valid token with an X-Supplier-Id
 * of another supplier is E403.
 */
export async function resolveSession(req: FastifyRequest, required: boolean): Promise<Session | null> {
  const token = header(req, HEADER.token);
  if (!token) {
    if (required) throw unauthorized('tokenLost');
    return null;
  }
  const { db, now } = req.server.services;
  const session = token.length <= 128 ? await findLiveSession(db, sha256(token), now()) : null;
  if (!session) {
    if (required) throw unauthorized();
    return null;
  }
  const claimed = header(req, HEADER.supplierId);
  if (claimed && claimed !== session.supplierId) throw forbidden();
  return session;
}
