import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_TTL_SECONDS, CODE_RESEND_SECONDS } from '../../contract/limits';
import { takeAttempt } from '../db/attempt-repo';
import { insertCode, latestCode, markCodeUsed, recordWrongTry } from '../db/code-repo';
import type { Queryable } from '../db/db';
import { tooMany } from '../http/api-error';
import type { Notifier } from '../notify/notifier';
import { newVerificationCode, sha256 } from '../security/tokens';

const HOUR_MS = 3600_000;
const MAX_CODES_PER_HOUR = 10;
const MAX_WRONG_TRIES = 5;

/** The target salts the hash: equal codes of two people do not hash alike. */
const hashCode = (target: string, code: string) => sha256(`${target}:${code}`);

/**
 * The sending limits of every verification code (E429): 10 requests per hour per address
 * (`ipScope` names the counter), one code per 60 s and 10 per hour per target. Each is counted
 * and reserved in one statement (attempt-repo `takeAttempt`), so concurrent requests cannot
 * pass together, and they count whether or not anyone is behind the target: an unknown target
 * is limited exactly like a known one, so the limits do not tell them apart either.
 */
export async function allowCodeSend(db: Queryable, ipScope: string, ip: string, target: string, at: Date): Promise<void> {
  if ((await takeAttempt(db, ipScope, ip, HOUR_MS, at)) > MAX_CODES_PER_HOUR) throw tooMany();
  if ((await takeAttempt(db, 'code-resend', target, CODE_RESEND_SECONDS * 1000, at)) > 1) throw tooMany();
  if ((await takeAttempt(db, 'code-target', target, HOUR_MS, at)) > MAX_CODES_PER_HOUR) throw tooMany();
}

/**
 * Stores a new code for `target` (retiring older ones) and, when `deliver`, hands it to the
 * notifier for `to`. The code is stored either way and the delivery is not waited for, so a
 * request for a target nobody holds (`deliver: false`: no account, no approved visit) does the
 * same work and answers as fast as one for a real target; its code is never sent, so nobody
 * can use it. A failed delivery is logged.
 */
export async function issueCode(
  db: Queryable,
  notifier: Notifier,
  m: { target: string; way: 'mail' | 'phone'; to: string; deliver: boolean },
  at: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const code = newVerificationCode();
  await insertCode(db, { target: m.target, way: m.way, codeHash: hashCode(m.target, code), now: at, expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000) });
  if (!m.deliver) return;
  const failed = (error: unknown) => log.warn({ err: error, way: m.way }, 'verification code not delivered');
  try {
    notifier.sendCode({ to: m.to, way: m.way, code }).catch(failed);
  } catch (error) {
    failed(error);
  }
}

/**
 * Checks and uses up the newest code of `target`. Run it in a transaction whose outcome is
 * returned, not thrown, so that a counted wrong try is committed. After 5 wrong tries even
 * the right code is `locked`.
 */
export async function consumeCode(tx: Queryable, target: string, code: string, at: Date): Promise<'ok' | 'invalid' | 'locked'> {
  const row = await latestCode(tx, target);
  if (!row || row.used_at || new Date(row.expires_at) <= at) return 'invalid';
  if (row.failed_tries >= MAX_WRONG_TRIES) return 'locked';
  if (!timingSafeEqual(Buffer.from(hashCode(target, code)), Buffer.from(row.code_hash))) {
    await recordWrongTry(tx, row.id);
    return 'invalid';
  }
  await markCodeUsed(tx, row.id, at);
  return 'ok';
}
