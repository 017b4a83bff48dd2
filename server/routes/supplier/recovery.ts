import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { CODE_RESEND_SECONDS, CODE_TTL_SECONDS } from '../../../contract/limits';
import { countAttempts, recordAttempt } from '../../db/attempt-repo';
import { insertCode, latestCode, markCodeUsed, recentCodes, recordWrongTry } from '../../db/code-repo';
import { revokeAllSessions } from '../../db/session-repo';
import { findSupplierIdsByContact, setPasswordHash } from '../../db/supplier-repo';
import { ApiError, tooMany } from '../../http/api-error';
import { route } from '../../http/route';
import { hashPassword } from '../../security/passwords';
import { newVerificationCode, sha256 } from '../../security/tokens';

const HOUR_MS = 3600_000;
const MAX_CODES_PER_HOUR = 10;
const MAX_WRONG_TRIES = 5;

/** Emails are matched case-insensitively, so the target of a code is the lowered address. */
const targetOf = (way: 'mail' | 'phone', value: string) => (way === 'mail' ? value.toLowerCase() : value);
/** The target salts the hash: equal codes of two people do not hash alike. */
const hashCode = (target: string, code: string) => sha256(`${target}:${code}`);

const codeInvalid = () => new ApiError(Code.invalid, 'codeInvalid', [{ field: 'code', key: 'codeInvalid' }]);

export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, notifier } = app.services;

  route(app, 'supplier', endpoints.supplierGetCheckCode, async ({ input, req }) => {
    const at = now();
    const hourAgo = new Date(at.getTime() - HOUR_MS);
    if ((await countAttempts(db, 'code-ip', req.ip, hourAgo)) >= MAX_CODES_PER_HOUR) throw tooMany();
    await recordAttempt(db, 'code-ip', req.ip, at);
    const target = targetOf(input.way, input.mailOrPhone);
    const sent = await recentCodes(db, target, hourAgo);
    if (sent[0] && at.getTime() - sent[0].getTime() < CODE_RESEND_SECONDS * 1000) throw tooMany();
    if (sent.length >= MAX_CODES_PER_HOUR) throw tooMany();
    const accounts = await findSupplierIdsByContact(db, input.way, target);
    if (!accounts.length) throw new ApiError(Code.notFound, 'accountNotFound');
    const code = newVerificationCode();
    await insertCode(db, { target, way: input.way, codeHash: hashCode(target, code), now: at, expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000) });
    await notifier.sendCode({ to: input.mailOrPhone, way: input.way, code });
    return { resendAfterSeconds: CODE_RESEND_SECONDS };
  });

  route(
    app,
    'supplier',
    endpoints.supplierForgetPwd,
    async ({ input }) => {
      const way = input.mail ? 'mail' : 'phone';
      const target = targetOf(way, input.mail || input.phone);
      const passwordHash = await hashPassword(input.newPassword);
      // The outcome is returned, not thrown, so that a wrong try is committed.
      const outcome = await db.transaction(async (tx): Promise<'ok' | 'invalid' | 'locked' | 'noAccount'> => {
        const at = now();
        const row = await latestCode(tx, target);
        if (!row || row.used_at || new Date(row.expires_at) <= at) return 'invalid';
        if (row.failed_tries >= MAX_WRONG_TRIES) return 'locked';
        const given = Buffer.from(hashCode(target, input.code));
        if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
          await recordWrongTry(tx, row.id);
          return 'invalid';
        }
        await markCodeUsed(tx, row.id, at);
        // Whoever holds the mailbox or phone holds every account registered with it.
        const ids = await findSupplierIdsByContact(tx, way, target);
        if (!ids.length) return 'noAccount';
        await setPasswordHash(tx, ids, passwordHash, at);
        for (const id of ids) await revokeAllSessions(tx, id, at);
        return 'ok';
      });
      if (outcome === 'invalid') throw codeInvalid();
      if (outcome === 'locked') throw tooMany();
      if (outcome === 'noAccount') throw new ApiError(Code.notFound, 'accountNotFound');
      return null;
    },
    { idempotent: true },
  );
}
