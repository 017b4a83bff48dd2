import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { clearAttempts, giveBackAttempt, takeAttempt } from '../../db/attempt-repo';
import { createSession, revokeAllSessions, revokeSession } from '../../db/session-repo';
import { findSupplierById, findSupplierByUsername, setPasswordHash } from '../../db/supplier-repo';
import { ApiError, forbidden, tooMany, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../../security/passwords';
import { newToken, sha256 } from '../../security/tokens';

const WINDOW_MS = 15 * 60_000;
const MAX_FAILURES_PER_USER = 5;
/** Failures from one address in a window before its attempts are slowed down. */
const FREE_FAILURES_PER_ADDRESS = 20;
const DELAY_STEP_MS = 250;
const MAX_DELAY_MS = 3000;

/**
 * How long an attempt from an address waits before its password is checked, given the failures
 * (and attempts still running) the address holds before it: nothing for the first 20, then
 * 250 ms more for each further one, at most 3 s.
 */
export function addressDelayMs(failuresBefore: number): number {
  return failuresBefore < FREE_FAILURES_PER_ADDRESS ? 0 : Math.min(DELAY_STEP_MS * (failuresBefore - FREE_FAILURES_PER_ADDRESS + 1), MAX_DELAY_MS);
}

/**
 * The login limits (decision, docs/architecture.md "Bid service"):
 * - Per account: 5 failures in a 15-minute window lock the account (E429), even for the right
 *   password, until the window ends. The attempt is counted and reserved atomically BEFORE the
 *   password is checked (attempt-repo `takeAttempt`), so concurrent guesses cannot pass together:
 *   30 concurrent wrong passwords get 5 checks, not 20. A success clears the account's count.
 * - Per address: never a refusal, because an office behind one NAT (or a proxy that TRUST_PROXY
 *   does not name) shares one address, and refusing it would lock everyone there out for 15
 *   minutes. After 20 failures in the window, each further attempt from the address waits
 *   250 ms more than the last, at most 3 s, before its password is checked: a person barely
 *   notices, a password sprayer is slowed down. The address's count is also taken before the
 *   check, so concurrent attempts each wait their own delay; a right password gives its
 *   attempt back. The per-account limit stays the bound on guessing one password.
 */
export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, tokenTtlSeconds, sleep } = app.services;

  /** Reserves an attempt on the address (waiting out its delay) and on the account, or refuses (E429). */
  async function reserve(username: string, ip: string): Promise<void> {
    const byIp = await takeAttempt(db, 'login-ip', ip, WINDOW_MS, now());
    const wait = addressDelayMs(byIp - 1);
    if (wait > 0) await sleep(wait);
    const byUser = await takeAttempt(db, 'login-user', username.toLowerCase(), WINDOW_MS, now());
    if (byUser > MAX_FAILURES_PER_USER) {
      // No password was checked: a locked account does not slow down its office.
      await giveBackAttempt(db, 'login-ip', ip);
      throw tooMany();
    }
  }

  /** The password was right: the account's failures are forgotten, the address's attempt given back. */
  async function succeeded(username: string, ip: string): Promise<void> {
    await clearAttempts(db, 'login-user', username.toLowerCase());
    await giveBackAttempt(db, 'login-ip', ip);
  }

  const ownUsername = (session: Session | null, username: string): Session => {
    if (!session) throw unauthorized('tokenLost');
    if (session.username.toLowerCase() !== username.toLowerCase()) throw forbidden();
    return session;
  };

  route(app, 'supplier', endpoints.supplierLogin, async ({ input, req }) => {
    await reserve(input.username, req.ip);
    const record = await findSupplierByUsername(db, input.username);
    const passwordOk = await verifyPassword(input.password, record?.passwordHash ?? DUMMY_HASH);
    // A failure keeps its reserved attempts.
    if (!record || !passwordOk) throw new ApiError(Code.invalid, 'loginFailed');
    await succeeded(input.username, req.ip);
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
      userInfo: {
        supplierName: s.supplierName,
        contactName: s.contactName,
        supplierRoleType: s.supplierRoleType,
      },
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
    await reserve(own.username, req.ip);
    const record = await findSupplierById(db, own.supplierId);
    if (!record) throw unauthorized();
    if (!(await verifyPassword(input.password, record.passwordHash))) {
      throw new ApiError(Code.invalid, 'wrongOldPassword', [{ field: 'password', key: 'wrongOldPassword' }]);
    }
    await succeeded(own.username, req.ip);
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, [own.supplierId], hash, now());
      // Every device logs in again with the new password, this one included.
      await revokeAllSessions(tx, own.supplierId, now());
    });
    return null;
  });
}
