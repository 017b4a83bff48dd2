import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../../contract/codes';
import { BASE_PATH } from '../../../contract/http';
import { endpoints } from '../../../contract/endpoints';
import { clearAttempts, giveBackAttempt, takeAttempt } from '../../db/attempt-repo';
import { createSession, revokeAllSessions, revokeSession } from '../../db/session-repo';
import { findSupplierById, findSupplierByUsername, setPasswordHash } from '../../db/supplier-repo';
import { ApiError, forbidden, tooMany, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { deviceCookieHeader, deviceKey, trustedDevice } from '../../security/device-cookie';
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
  return failuresBefore < FREE_FAILURES_PER_ADDRESS
    ? 0
    : Math.min(DELAY_STEP_MS * (failuresBefore - FREE_FAILURES_PER_ADDRESS + 1), MAX_DELAY_MS);
}

/**
 * The login limits (decision, docs/decisions/login-limits.md):
 * - Per account, from devices it has not logged in on: 5 failures in a 15-minute window refuse
 *   further attempts from such devices (E429), even with the right password, until the window
 *   ends. The attempt is counted and reserved atomically BEFORE the password is checked
 *   (attempt-repo `takeAttempt`), so concurrent guesses cannot pass together: 30 concurrent
 *   wrong passwords get 5 checks, not 20.
 * - Per device the account logged in on before (its device cookie, security/device-cookie.ts):
 *   the same 5 failures in 15 minutes, counted for that device alone. So guesses from elsewhere
 *   never lock the owner out of its own phone; a device past its limit counts as unknown.
 * - A success clears the count it was made under (that device's, or the unknown devices') and
 *   gives the device a new cookie.
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

  const devices = deviceKey(app.services.passSecret);

  /** The count an attempt is made under: the device's own, or the account's unknown devices'. */
  type Counter = { scope: 'login-device' | 'login-user'; key: string };

  /** Reserves an attempt on the address (waiting out its delay) and on the device or the account, or refuses (E429). */
  async function reserve(username: string, req: FastifyRequest): Promise<Counter> {
    const byIp = await takeAttempt(db, 'login-ip', req.ip, WINDOW_MS, now());
    const wait = addressDelayMs(byIp - 1);
    if (wait > 0) await sleep(wait);
    const device = trustedDevice(devices, username, req.headers.cookie);
    if (device) {
      const byDevice = await takeAttempt(db, 'login-device', device, WINDOW_MS, now());
      if (byDevice <= MAX_FAILURES_PER_USER) return { scope: 'login-device', key: device };
      await giveBackAttempt(db, 'login-device', device);
    }
    const key = username.toLowerCase();
    const byUser = await takeAttempt(db, 'login-user', key, WINDOW_MS, now());
    if (byUser > MAX_FAILURES_PER_USER) {
      // No password was checked: a refused attempt does not slow down its office.
      await giveBackAttempt(db, 'login-ip', req.ip);
      throw tooMany();
    }
    return { scope: 'login-user', key };
  }

  /** The password was right: the failures it was counted under are forgotten, the address's attempt given back, the device marked. */
  async function succeeded(counter: Counter, username: string, req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await clearAttempts(db, counter.scope, counter.key);
    await giveBackAttempt(db, 'login-ip', req.ip);
    reply.header('set-cookie', deviceCookieHeader(devices, username, { path: `${BASE_PATH}/supplier/`, secure: req.protocol === 'https' }));
  }

  const ownUsername = (session: Session | null, username: string): Session => {
    if (!session) throw unauthorized('tokenLost');
    if (session.username.toLowerCase() !== username.toLowerCase()) throw forbidden();
    return session;
  };

  route(app, 'supplier', endpoints.supplierLogin, async ({ input, req, reply }) => {
    const counter = await reserve(input.username, req);
    const record = await findSupplierByUsername(db, input.username);
    const passwordOk = await verifyPassword(input.password, record?.passwordHash ?? DUMMY_HASH);
    // A failure keeps its reserved attempts.
    if (!record || !passwordOk) throw new ApiError(Code.invalid, 'loginFailed');
    await succeeded(counter, record.supplier.username, req, reply);
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

  route(app, 'supplier', endpoints.supplierChangePwd, async ({ input, session, req, reply }) => {
    const own = ownUsername(session, input.username);
    const counter = await reserve(own.username, req);
    const record = await findSupplierById(db, own.supplierId);
    if (!record) throw unauthorized();
    if (!(await verifyPassword(input.password, record.passwordHash))) {
      throw new ApiError(Code.invalid, 'wrongOldPassword', [{ field: 'password', key: 'wrongOldPassword' }]);
    }
    await succeeded(counter, own.username, req, reply);
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, [own.supplierId], hash, now());
      // Every device logs in again with the new password, this one included.
      await revokeAllSessions(tx, own.supplierId, now());
    });
    return null;
  });
}
