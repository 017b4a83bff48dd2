import { z } from './zod';
import { LONG_TEXT_MAX, PASSWORD_MAX, PASSWORD_MIN, TEXT_MAX } from './limits';
import type { MessageKey } from './messages';

/**
 * Validation rules of SPEC.md section 5, written once for the form and the server.
 * Each error message is a key of `messages.ts`, translated where it is shown.
 */
const err = (key: MessageKey) => ({ error: key });

export const PHONE_RE = /^1[3-9]\d{9}$/;
export const EMAIL_RE = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
export const PASSWORD_RE = new RegExp(`^(?=.*[A-Za-z])(?=.*\\d)[A-Za-z\\d]{${PASSWORD_MIN},${PASSWORD_MAX}}$`);
const USERNAME_RE = /^[A-Za-z0-9_.-]{4,32}$/;
/** 6 to 34 digits, groups optionally set apart by one space or hyphen (as printed on a card or a statement). */
export const BANK_ACCOUNT_RE = /^\d(?:[ -]?\d){5,33}$/;
const VERIFICATION_CODE_RE = /^\d{6}$/;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Unified social credit code (GB 32100-2015): 18 characters with a check character. */
const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters of a credit code, or null if they are malformed. */
export function creditCodeCheckChar(first17: string): string | null {
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{9}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CREDIT_CHARS.indexOf(first17[i]!) * CREDIT_WEIGHTS[i]!;
  return CREDIT_CHARS[(31 - (sum % 31)) % 31]!;
}

export function isCreditCode(value: string): boolean {
  return creditCodeProblem(value) === null;
}

/**
 * What is wrong with a credit code: its form (length, characters) or only its check character,
 * each with its own message; null when it is valid.
 */
export function creditCodeProblem(value: string): 'creditCodeInvalid' | 'creditCodeCheckMismatch' | null {
  const check = value.length === 18 ? creditCodeCheckChar(value.slice(0, 17)) : null;
  if (check === null || !CREDIT_CHARS.includes(value[17]!)) return 'creditCodeInvalid';
  return check === value[17] ? null : 'creditCodeCheckMismatch';
}

export function isValidDate(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/**
 * No control characters (C0, DEL and C1) other than TAB, LF and CR: never typed by a person, and
 * PostgreSQL refuses NUL in a text (which answered E500). TAB, LF and CR stay allowed in every
 * text, since several one-line looking fields (remarks, reasons) are multi-line in the forms.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NO_CONTROL_CHARACTER_RE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/**
 * Well-formed UTF-16: no half of a surrogate pair on its own. A lone half cannot be stored as
 * UTF-8 (PostgreSQL got U+FFFD in its place in some fields, others refused it): it is refused
 * in every text instead, as a character gone wrong in copying (`brokenCharacters`).
 */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Every text a request carries starts here (ids, codes, search terms, passwords, free texts),
 * in the forms and in the bid service: a string without control characters (`controlCharacters`)
 * nor lone surrogates (`brokenCharacters`). `key` is the message of a missing or non-string
 * value. Chain trimming and bounds after it.
 */
export const text = (key: MessageKey | StringParams = 'required') =>
  z
    .string(typeof key === 'string' ? err(key) : key)
    .regex(NO_CONTROL_CHARACTER_RE, err('controlCharacters'))
    .refine((value) => !LONE_SURROGATE_RE.test(value), err('brokenCharacters'));
type StringParams = Exclude<Parameters<typeof z.string>[0], string | undefined>;

/** A required text: trimmed, non-empty, bounded. */
export const requiredText = (max = TEXT_MAX, key: MessageKey = 'required') => text(key).trim().min(1, err(key)).max(max, err('tooLong'));
/** An optional text: trimmed, bounded; empty stays empty. */
export const optionalText = (max = TEXT_MAX) => text().trim().max(max, err('tooLong')).default('');
export const longText = () => optionalText(LONG_TEXT_MAX);

export const phone = () => requiredText(11).regex(PHONE_RE, err('phoneInvalid'));
export const email = () => requiredText(TEXT_MAX).regex(EMAIL_RE, err('emailInvalid'));
export const password = () => text().min(1, err('required')).regex(PASSWORD_RE, err('passwordInvalid'));
/** A password as typed to prove who one is (login, old password): any characters but controls, bounded. */
export const currentPassword = () => text().min(1, err('required')).max(64, err('tooLong'));
/** A new password typed again: required on its own, so an empty pair is not taken for a match. */
export const confirmPassword = () => text().min(1, err('required'));
export const bankAccount = () => requiredText(40).regex(BANK_ACCOUNT_RE, err('bankAccountInvalid'));
export const username = () => requiredText(32).regex(USERNAME_RE, err('usernameInvalid'));
export const creditCode = () =>
  requiredText(18)
    .transform((v) => v.toUpperCase())
    .superRefine((value, ctx) => {
      const problem = creditCodeProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
export const verificationCode = () => requiredText(6).regex(VERIFICATION_CODE_RE, err('codeFormat'));
export const isoDate = () => requiredText(10).refine(isValidDate, err('dateInvalid'));

/**
 * New password rules: matches the confirmation and, when an old password is given, differs from it.
 * Applied to an object with `newPassword`, `conPassword` and optionally `password`.
 */
export function checkNewPassword(value: { newPassword: string; conPassword: string; password?: string }, ctx: z.RefinementCtx): void {
  if (value.newPassword !== value.conPassword) {
    ctx.addIssue({ code: 'custom', path: ['conPassword'], message: 'passwordMismatch' satisfies MessageKey });
  }
  if (value.password !== undefined && value.password === value.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'passwordSameAsOld' satisfies MessageKey });
  }
}

/**
 * A chosen code that the loaded options (a dictionary) do not list: `key` (choiceInvalid unless
 * given), else null. Null too while the options are not loaded (offline, never fetched: the
 * bid service decides then) and for an empty code (not chosen is the field's "required").
 * The bid service refuses such a code; a form that holds the options says so first.
 */
export function choiceProblem(
  options: readonly { code: string }[] | undefined,
  code: string,
  key: MessageKey = 'choiceInvalid',
): MessageKey | null {
  if (!options || !code) return null;
  return options.some((option) => option.code === code) ? null : key;
}

/** Resident ID (GB 11643-1999): 17 digits (region, birth date YYYYMMDD, sequence) and a check character. */
const RESIDENT_ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const RESIDENT_ID_CHECK = '10X98765432';

/** The check character for the first 17 characters of a resident ID, or null if they are not 17 digits. */
export function residentIdCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * RESIDENT_ID_WEIGHTS[i]!;
  return RESIDENT_ID_CHECK[sum % 11]!;
}

/** An 18-character resident ID: a real birth date and the right check character (`x` taken as `X`). */
export function isResidentId(value: string): boolean {
  const v = value.toUpperCase();
  if (v.length !== 18) return false;
  const birth = `${v.slice(6, 10)}-${v.slice(10, 12)}-${v.slice(12, 14)}`;
  return isValidDate(birth) && birth >= '1900-01-01' && residentIdCheckChar(v.slice(0, 17)) === v[17];
}

/** Certificate number patterns by certificate type (dictionary `certificateType`); other types take CERTIFICATE_NO_RE. */
const PASSPORT_RE = /^[A-Z0-9]{5,17}$/;
/** Mainland travel permits for Hong Kong and Macao residents: H or M and 8 (or 10) digits. */
const HKMO_PERMIT_RE = /^[HM]\d{8}(\d{2})?$/;
/** Mainland travel permits for Taiwan residents: 8 (or 10) digits. */
const TW_PERMIT_RE = /^\d{8}(\d{2})?$/;
const CERTIFICATE_NO_RE = /^[A-Za-z0-9()-]{5,32}$/;

/**
 * Why a certificate number does not fit its type (a message key), or null when it does. The
 * number is compared upper-cased and trimmed (a resident ID's `x` is an `X`).
 */
export function certificateNoProblem(type: string, certificateNo: string): MessageKey | null {
  const no = certificateNo.trim().toUpperCase();
  switch (type) {
    case 'ID':
      return isResidentId(no) ? null : 'residentIdInvalid';
    case 'PASSPORT':
      return PASSPORT_RE.test(no) ? null : 'passportInvalid';
    case 'HKMO':
      return HKMO_PERMIT_RE.test(no) ? null : 'permitInvalid';
    case 'TW':
      return TW_PERMIT_RE.test(no) ? null : 'permitInvalid';
    default:
      return CERTIFICATE_NO_RE.test(no) ? null : 'certificateNoInvalid';
  }
}
