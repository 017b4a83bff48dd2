import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import { CODE_RESEND_SECONDS } from '../../../contract/limits';
import type { Locale } from '../../../contract/locales';
import type { VisitorPerson, VisitPassClaims } from '../../../contract/schemas/visitor';
import { passExpired } from '../../../contract/visitor-values';
import type { Queryable } from '../../db/db';
import {
  findPerson,
  findVisit,
  isDictionaryCode,
  openVisitsOf,
  savePerson,
  visitItemOf,
  visitorIdOf,
  type Visit,
} from '../../db/visit-repo';
import { ApiError, forbidden, invalid, tooMany } from '../../http/api-error';
import { route } from '../../http/route';
import { readPass, signPass } from '../../security/pass';
import { allowCodeSend, consumeCode, issueCode } from '../../services/verification-codes';

/** Visitor codes live apart from supplier codes: a visitor's code never resets a password. */
const codeTarget = (phone: string) => `visitor:${phone}`;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const iso = (s: number) => new Date(s * 1000).toISOString();

const noApprovedVisit = () => new ApiError(Code.notFound, 'noApprovedVisit');
const passInvalid = () => new ApiError(Code.forbidden, 'passInvalid');

/** The visit a pass is for: the one going on now, else the next one. */
const currentOrNext = (visits: Visit[], now: Date) => visits.find((v) => v.validFrom <= now) ?? visits[0];

/**
 * The gate visitor flow (SPEC.md section 2, /visitLogin and /visitor). A phone with an approved
 * visit proves itself with a code and earns a signed pass; the pass is the credential of the
 * other calls, so they need no token and work from the outbox of an offline phone.
 */
export async function visitorRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, passSecret, timeZone } = app.services;

  /**
   * The claims of a pass for the calls a visitor makes: signed here (else E403 passInvalid),
   * not expired (E403 passExpired), its visit still approved. A pass for a visit that has not
   * begun is good here: the visitor fills in the form before coming.
   */
  async function holder(q: Queryable, pass: string, locale: Locale): Promise<VisitPassClaims> {
    const claims = readPass(pass, passSecret);
    if (!claims) throw passInvalid();
    // The end of the window as the portal reads it from the pass it keeps (validUntil): one rule for both.
    if (passExpired(iso(claims.exp), now().getTime())) throw new ApiError(Code.forbidden, 'passExpired');
    const visit = await findVisit(q, claims.vis, locale);
    if (!visit || visit.status !== 'approved') throw passInvalid();
    return claims;
  }

  /**
   * The same answer whether or not the phone has an approved visit (no enumeration of who is
   * expected at the gate): the limits count both alike, a code is stored for both, and both are
   * sent a message, the code or word that the phone has no approved visit, so that the answer,
   * its time and a failing transport are alike too (services/verification-codes.ts).
   */
  route(app, 'h5', endpoints.h5GetVerificationCodeByPhone, async ({ input, req }) => {
    const at = now();
    const attempt = await allowCodeSend(db, 'h5-code-ip', req.ip, codeTarget(input.phone), at);
    const known = (await openVisitsOf(db, input.phone, at, req.locale)).length > 0;
    await issueCode(
      app.services,
      { target: codeTarget(input.phone), way: 'phone', to: input.phone, known, locale: req.locale, purpose: 'gate', attempt },
      at,
      req.log,
    );
    return { resendAfterSeconds: CODE_RESEND_SECONDS };
  });

  route(app, 'h5', endpoints.h5GetQrByPhoneAndVerificationCode, async ({ input, req }) => {
    const at = now();
    const visit = currentOrNext(await openVisitsOf(db, input.phone, at, req.locale), at);
    // The code is checked first: only its holder learns whether the phone has a visit, so a
    // made-up code is E400 for every phone, with or without a visit.
    // The outcome is returned, not thrown, so that a wrong try is committed.
    const outcome = await db.transaction(async (tx) => {
      const checked = await consumeCode(tx, codeTarget(input.phone), input.code, at);
      if (checked !== 'ok') return checked;
      return visit ? { visitorId: await visitorIdOf(tx, input.phone, at) } : 'noVisit';
    });
    if (outcome === 'invalid') throw new ApiError(Code.invalid, 'codeInvalid', [{ field: 'code', key: 'codeInvalid' }]);
    if (outcome === 'locked') throw tooMany();
    if (outcome === 'noVisit' || !visit) throw noApprovedVisit();
    const { visitorId } = outcome;
    const claims: VisitPassClaims = {
      vid: visitorId,
      vis: visit.id,
      phone: input.phone,
      nbf: seconds(visit.validFrom),
      exp: seconds(visit.validUntil),
      iat: seconds(at),
    };
    const person = await findPerson(db, visitorId);
    return {
      pass: signPass(claims, passSecret),
      visitorId,
      visitId: visit.id,
      visitNo: visit.visitNo,
      visitorName: person?.name ?? visit.visitorName,
      phone: input.phone,
      productionBase: visit.productionBase,
      department: visit.department,
      host: visit.host,
      validFrom: visit.validFrom.toISOString(),
      validUntil: visit.validUntil.toISOString(),
      timeZone: visit.timeZone ?? timeZone,
    };
  });

  route(app, 'h5', endpoints.h5GetValidItemByVisitorId, async ({ input, req }) => {
    const claims = await holder(db, input.pass, req.locale);
    if (claims.vid !== input.visitorId) throw forbidden();
    return (await openVisitsOf(db, claims.phone, now(), req.locale)).map((v) => visitItemOf(v, timeZone));
  });

  route(app, 'h5', endpoints.h5GetVisitPersonEntity, async ({ input, req }) => {
    const claims = await holder(db, input.pass, req.locale);
    return findPerson(db, claims.vid);
  });

  route(
    app,
    'h5',
    endpoints.h5SavePersonnelEntity,
    async ({ input, req, db: tx }) => {
      const claims = await holder(tx, input.pass, req.locale);
      const p = input.person;
      for (const [field, type, code] of [
        ['gender', 'gender', p.gender],
        ['certificateType', 'certificateType', p.certificateType],
        ['mealType', 'mealType', p.meal ? p.mealType : ''],
      ] as const) {
        if (code && !(await isDictionaryCode(tx, type, code))) throw invalid(`person.${field}`, 'choiceInvalid');
      }
      // A meal type without a meal means nothing: it is not kept.
      const person: VisitorPerson = { ...p, mealType: p.meal ? p.mealType : '' };
      await savePerson(tx, claims.vid, person, now());
      return person;
    },
    { idempotent: true },
  );

  route(app, 'h5', endpoints.h5VerifyQr, async ({ input, req }) => {
    const none = { visitorName: null, productionBase: null, validFrom: null, validUntil: null, timeZone: null };
    const claims = readPass(input.qr, passSecret);
    if (!claims) return { valid: false, reason: 'signature', ...none };
    const visit = await findVisit(db, claims.vis, req.locale);
    const person = await findPerson(db, claims.vid);
    const shown = {
      visitorName: person?.name ?? visit?.visitorName ?? null,
      productionBase: visit?.productionBase ?? null,
      validFrom: iso(claims.nbf),
      validUntil: iso(claims.exp),
      timeZone: visit ? (visit.timeZone ?? timeZone) : null,
    };
    const at = now();
    const reason =
      !visit || visit.status !== 'approved'
        ? 'revoked'
        : seconds(at) < claims.nbf
          ? 'notYetValid'
          : passExpired(shown.validUntil, at.getTime())
            ? 'expired'
            : null;
    return { valid: reason === null, reason, ...shown };
  });
}
