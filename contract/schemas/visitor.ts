import { z } from '../zod';
import { optionalText, phone, requiredText, verificationCode } from '../rules';

/**
 * The gate visitor flow (SPEC.md sections 2, 3 and 5). A visitor has no account: a phone
 * number proven with a code earns a signed pass, and the pass is the visitor's credential
 * for the other h5 calls. The pass is also the content of the door-opening QR code.
 *
 * Pass format: `v1.<base64url(JSON VisitPassClaims)>.<base64url(HMAC-SHA256)>`. The portal
 * reads the claims (to show the validity window offline) but cannot verify the signature;
 * the gate and the bid service can (`/h5/verifyQr`).
 */
export const visitPassClaims = z.object({
  /** Visitor id. */
  vid: z.string(),
  /** Visit (application) id the pass opens the door for. */
  vis: z.string(),
  phone: z.string(),
  /** Validity window, seconds since the epoch. */
  nbf: z.number().int(),
  exp: z.number().int(),
  /** Issued at, seconds since the epoch. */
  iat: z.number().int(),
});
export type VisitPassClaims = z.infer<typeof visitPassClaims>;

export const PASS_PREFIX = 'v1';
const passString = () => requiredText(2048).regex(/^v1\.[\w-]+\.[\w-]+$/, { error: 'passInvalid' });

export const visitorCodeRequest = z.object({ phone: phone() });

export const visitorQrRequest = z.object({ phone: phone(), code: verificationCode() });

/** What the visitor sees at the gate: the pass and who, where and until when. */
export const visitPass = z.object({
  pass: z.string(),
  visitorId: z.string(),
  visitId: z.string(),
  visitNo: z.string(),
  /** The visitor's name when known (from the application or the visitor information). */
  visitorName: z.string(),
  phone: z.string(),
  productionBase: z.string(),
  department: z.string(),
  host: z.string(),
  /** ISO 8601 with offset. */
  validFrom: z.string(),
  validUntil: z.string(),
  /** The base's IANA time zone, whose whole days the pass covers and shows; a pass kept on a device may predate it. */
  timeZone: z.string().optional(),
});
export type VisitPass = z.infer<typeof visitPass>;

export const passRequest = z.object({ pass: passString() });

/** A visit the pass holder may make (the approved visits of this visitor, current or future). */
export const visitItem = z.object({
  visitId: z.string(),
  visitNo: z.string(),
  productionBase: z.string(),
  department: z.string(),
  host: z.string(),
  reason: z.string(),
  validFrom: z.string(),
  validUntil: z.string(),
  /** The base's IANA time zone (as the pass's). */
  timeZone: z.string().optional(),
});
export type VisitItem = z.infer<typeof visitItem>;

export const visitItemsRequest = passRequest.extend({ visitorId: requiredText(64) });

/** Visitor information (SPEC.md section 3); meal type is required when a meal is chosen. */
export const visitorPersonFields = z.object({
  name: requiredText(50),
  gender: requiredText(8),
  certificateType: requiredText(16),
  certificateNo: requiredText(32).regex(/^[A-Za-z0-9()-]{5,32}$/, { error: 'certificateNoInvalid' }),
  phone: phone(),
  meal: z.boolean({ error: 'required' }),
  mealType: optionalText(16),
  lodging: z.boolean({ error: 'required' }),
});
export const visitorPerson = visitorPersonFields.refine((v) => v.meal !== true || !!v.mealType, {
  path: ['mealType'],
  error: 'required',
  // Checked even while other fields have problems, so a form shows every message at once;
  // only a missing or malformed meal choice (or no object at all) makes the question moot.
  when: (payload) =>
    !payload.issues.some(
      (issue) => issue.path === undefined || issue.path.length === 0 || issue.path[0] === 'meal' || issue.path[0] === 'mealType',
    ),
});
export type VisitorPerson = z.infer<typeof visitorPersonFields>;

export const savePersonRequest = z.object({ pass: passString(), person: visitorPerson });

export const verifyQrRequest = z.object({ qr: requiredText(2048) });
export const verifyQrResponse = z.object({
  valid: z.boolean(),
  /** Why not: `signature`, `notYetValid`, `expired`, `revoked`. */
  reason: z.string().nullable(),
  visitorName: z.string().nullable(),
  productionBase: z.string().nullable(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** The base's IANA time zone. */
  timeZone: z.string().nullable(),
});
