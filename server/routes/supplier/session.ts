import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { clearAttempts, countAttempts, recordAttempt } from '../../db/attempt-repo';
import { createSession, revokeAllSessions, revokeSession } from '../../db/session-repo';
import { findSupplierById, findSupplierByUsername, setPasswordHash } from '../../db/supplier-repo';
import { ApiError, forbidden, tooMany, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../security/passwords';
import { newToken, sha256 } from '../../security/tokens';

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_USER = 5;
/** Higher than per user: one office behind one address may hold many accounts. */
const MAX_FAILURES_PER_IP = 20;

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, tokenTtlSeconds } = app.services;

  /** Refuses before checking anything once a user or an address has failed too often. */
  async function guard(username: string, ip: string): Promise<void> {
    const since = new Date(now().getTime() - WINDOW_MS);
    const [byUser, byIp] = await Promise.all([countAttempts(db, 'login-user', username.toLowerCase(), since), countAttempts(db, 'login-ip', ip, since)]);
    if (byUser >= MAX_FAILURES_PER_USER || byIp >= MAX_FAILURES_PER_IP) throw tooMany();
  }

  async function recordFailure(username: string, ip: string): Promise<void> {
    await recordAttempt(db, 'login-user', username.toLowerCase(), now());
    await recordAttempt(db, 'login-ip', ip, now());
  }

  const ownUsername = (session: Session | null, username: string): Session => {
    if (!session) throw unauthorized('tokenLost');
    if (session.username.toLowerCase() !== username.toLowerCase()) throw forbidden();
    return session;
  };

  route(app, 'supplier', endpoints.supplierLogin, async ({ input, req }) => {
    await guard(input.username, req.ip);
    const record = await findSupplierByUsername(db, input.username);
    const passwordOk = await verifyPassword(input.password, record?.passwordHash ?? DUMMY_HASH);
    if (!record || !passwordOk) {
      await recordFailure(input.username, req.ip);
      throw new ApiError(Code.invalid, 'loginFailed');
    }
    await clearAttempts(db, 'login-user', input.username.toLowerCase());
    const token = newToken();
    const issuedAt = now();
    const expiresAt = new Date(issuedAt.getTime() + tokenTtlSeconds * 1000);
    await createSession(db, sha256(token), record.supplier.supplierId, issuedAt, expiresAt);
    const s = record.supplier;
    return {
      username: s.username,
      oauthToken: token,
      tokenExpiresAt: expiresAt.toISOString(),
      supplierId: s.supplierId,
      supplierCode: s.supplierCode,
      supplierCodeMain: s.supplierCodeMain,
      status: s.status,
      userInfo: { supplierName: s.supplierName, contactName: s.contactName, supplierRoleType: s.supplierRoleType },
    };
  });

  route(app, 'supplier', endpoints.supplierLogout, async ({ input, session }) => {
    const own = ownUsername(session, input.username);
    await revokeSession(db, own.tokenHash, now());
    return null;
  });

  route(app, 'supplier', endpoints.supplierGetByToken, async ({ session }) => {
    const record = session && (await findSupplierById(db, session.supplierId));
    if (!record) throw unauthorized();
    return record.supplier;
  });

  route(app, 'supplier', endpoints.supplierChangePwd, async ({ input, session, req }) => {
    const own = ownUsername(session, input.username);
    await guard(own.username, req.ip);
    const record = await findSupplierById(db, own.supplierId);
    if (!record) throw unauthorized();
    if (!(await verifyPassword(input.password, record.passwordHash))) {
      await recordFailure(own.username, req.ip);
      throw new ApiError(Code.invalid, 'wrongOldPassword', [{ field: 'password', key: 'wrongOldPassword' }]);
    }
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, [own.supplierId], hash, now());
      // Every device logs in again with the new password, this one included.
      await revokeAllSessions(tx, own.supplierId, now());
    });
    return null;
  });
}
