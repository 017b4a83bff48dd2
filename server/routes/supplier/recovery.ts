import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { CODE_RESEND_SECONDS } from '../../../contract/limits';
import { revokeAllSessions } from '../../db/session-repo';
import { findSupplierIdsByContact, setPasswordHash } from '../../db/supplier-repo';
import { ApiError, tooMany } from '../../http/api-error';
import { route } from '../../http/route';
import { hashPassword } from '../../security/passwords';
import { allowCodeSend, consumeCode, issueCode } from '../../services/verification-codes';

/** Emails are matched case-insensitively, so the target of a code is the lowered address. */
const targetOf = (way: 'mail' | 'phone', value: string) => (way === 'mail' ? value.toLowerCase() : value);

const codeInvalid = () => new ApiError(Code.invalid, 'codeInvalid', [{ field: 'code', key: 'codeInvalid' }]);

export async function recoveryRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.services;

  /**
   * The same answer whether or not an account has the address or phone (no enumeration): the
   * limits count both alike, a code is stored for both, and both are sent a message, the code or
   * word that no account uses the address or phone, so that the answer, its time and a failing
   * transport are alike too (services/verification-codes.ts).
   */
  route(app, 'supplier', endpoints.supplierGetCheckCode, async ({ input, req }) => {
    const at = now();
    const target = targetOf(input.way, input.mailOrPhone);
    const attempt = await allowCodeSend(db, 'code-ip', req.ip, target, at);
    const known = (await findSupplierIdsByContact(db, input.way, target)).length > 0;
    await issueCode(
      app.services,
      { target, way: input.way, to: input.mailOrPhone, known, locale: req.locale, purpose: 'recovery', attempt },
      at,
      req.log,
    );
    return { resendAfterSeconds: CODE_RESEND_SECONDS };
  });

  route(
    app,
    'supplier',
    endpoints.supplierForgetPwd,
    async ({ input, db }) => {
      const way = input.mail ? 'mail' : 'phone';
      const target = targetOf(way, input.mail || input.phone);
      const passwordHash = await hashPassword(input.newPassword);
      // The outcome is returned, not thrown, so that a wrong try is committed.
      const outcome = await db.transaction(async (tx): Promise<'ok' | 'invalid' | 'locked' | 'noAccount'> => {
        const at = now();
        const checked = await consumeCode(tx, target, input.code, at);
        if (checked !== 'ok') return checked;
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
