import { timingSafeEqual } from 'node:crypto';
import { CODE_TTL_SECONDS, CODE_RESEND_SECONDS } from '../../contract/limits';
import { countAttempts, recordAttempt } from '../db/attempt-repo';
import { insertCode, latestCode, markCodeUsed, recentCodes, recordWrongTry } from '../db/code-repo';
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
 * (`ipScope` names the counter), one code per 60 s and 10 per hour per target.
 */
export async function allowCodeSend(db: Queryable, ipScope: string, ip: string, target: string, at: Date): Promise<void> {
  const hourAgo = new Date(at.getTime() - HOUR_MS);
  if ((await countAttempts(db, ipScope, ip, hourAgo)) >= MAX_CODES_PER_HOUR) throw tooMany();
  await recordAttempt(db, ipScope, ip, at);
  const sent = await recentCodes(db, target, hourAgo);
  if (sent[0] && at.getTime() - sent[0].getTime() < CODE_RESEND_SECONDS * 1000) throw tooMany();
  if (sent.length >= MAX_CODES_PER_HOUR) throw tooMany();
}

/** Stores a new code for `target` (retiring older ones) and sends it to `to`. */
export async function issueCode(db: Queryable, notifier: Notifier, m: { target: string; way: 'mail' | 'phone'; to: string }, at: Date): Promise<void> {
  const code = newVerificationCode();
  await insertCode(db, { target: m.target, way: m.way, codeHash: hashCode(m.target, code), now: at, expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000) });
  await notifier.sendCode({ to: m.to, way: m.way, code });
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
