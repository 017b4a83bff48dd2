import { timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CODE_TTL_SECONDS, CODE_RESEND_SECONDS } from '../../contract/limits';
import { Code } from '../../contract/codes';
import type { Locale } from '../../contract/locales';
import { giveBackAttempt, takeAttempt } from '../db/attempt-repo';
import { deleteCode, insertCode, latestCode, markCodeUsed, recordWrongTry } from '../db/code-repo';
import type { Queryable } from '../db/db';
import { ApiError, tooMany } from '../http/api-error';
import type { Services } from '../http/context';
import type { CodePurpose } from '../notify/notifier';
import { newVerificationCode, sha256 } from '../security/tokens';

const HOUR_MS = 3600_000;
const MAX_CODES_PER_HOUR = 10;
const MAX_WRONG_TRIES = 5;

/** The target salts the hash: equal codes of two people do not hash alike. */
const hashCode = (target: string, code: string) => sha256(`${target}:${code}`);

/** The limits a code request took (`allowCodeSend`); given back when no code was handed over. */
export interface CodeAttempt {
  giveBack(): Promise<void>;
}

/**
 * The sending limits of every verification code (E429): 10 requests per hour per address
 * (`ipScope` names the counter), one code per 60 s and 10 per hour per target. Each is counted
 * and reserved in one statement (attempt-repo `takeAttempt`), so concurrent requests cannot
 * pass together, and they count whether or not anyone is behind the target: an unknown target
 * is limited exactly like a known one, so the limits do not tell them apart either (and they
 * bound the messages saying that nobody uses a target as they bound codes). A message that could
 * not be delivered gives its attempts back (`issueCode`): the limits count only messages
 * actually handed over.
 */
export async function allowCodeSend(db: Queryable, ipScope: string, ip: string, target: string, at: Date): Promise<CodeAttempt> {
  if ((await takeAttempt(db, ipScope, ip, HOUR_MS, at)) > MAX_CODES_PER_HOUR) throw tooMany();
  if ((await takeAttempt(db, 'code-resend', target, CODE_RESEND_SECONDS * 1000, at)) > 1) throw tooMany();
  if ((await takeAttempt(db, 'code-target', target, HOUR_MS, at)) > MAX_CODES_PER_HOUR) throw tooMany();
  return {
    async giveBack() {
      await giveBackAttempt(db, ipScope, ip);
      await giveBackAttempt(db, 'code-resend', target);
      await giveBackAttempt(db, 'code-target', target);
    },
  };
}

/**
 * Stores a new code for `target` (retiring older ones) and hands a message to the notifier for
 * `to`, waiting until it was handed over: the code when someone uses the target (`known`: an
 * account has the address or phone, an approved visit has the phone), else word that nobody
 * does, with no code (the code stored for it reaches nobody). Known or not, the same work is
 * done and a real message goes out through the same transport, so neither the answer nor its
 * time nor a failing transport tells the two apart.
 *
 * A delivery that fails, known target or not, is logged with its cause, its code deleted (an
 * older one stays valid) and its limits given back, and the person is told "could not send the
 * code, try again" (E500 `codeNotSent`), never success (docs/decisions/verification-codes.md, "Delivery of codes").
 */
export async function issueCode(
  services: Pick<Services, 'db' | 'notifier' | 'metrics'>,
  m: {
    target: string;
    way: 'mail' | 'phone';
    to: string;
    known: boolean;
    locale: Locale;
    purpose: CodePurpose;
    attempt: CodeAttempt;
  },
  at: Date,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const { db, notifier } = services;
  const code = newVerificationCode();
  const id = await insertCode(db, {
    target: m.target,
    way: m.way,
    codeHash: hashCode(m.target, code),
    now: at,
    expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000),
  });
  try {
    await notifier.sendCode({
      to: m.to,
      way: m.way,
      code: m.known ? code : null,
      locale: m.locale,
      purpose: m.purpose,
    });
  } catch (error) {
    log.warn({ err: error, way: m.way, purpose: m.purpose }, 'verification code not delivered');
    services.metrics.verificationCodes.inc({ way: m.way, outcome: 'failed' });
    await deleteCode(db, id);
    await m.attempt.giveBack();
    throw new ApiError(Code.internal, 'codeNotSent');
  }
  services.metrics.verificationCodes.inc({ way: m.way, outcome: 'sent' });
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
