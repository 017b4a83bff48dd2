import { z } from '../zod';
import { receipt } from './receipt';
import { PRICE_RE, toUnits, PRICE_DECIMALS } from '../enquiry-values';
import type { MessageKey } from '../messages';
import { certificateNoProblem, isoDate, optionalText, phone, requiredText, text } from '../rules';
import { UPLOAD_RULES, type UploadRule } from '../upload-rules';
import { VISIT_REVIEW_STATUSES, VISITORS_MAX } from '../visit-values';
import { fileRef, page, pageRequest } from './common';

export * from '../visit-values';

/**
 * Visit applications (SPEC.md sections 3 and 5): a supplier asks for its people to visit a
 * production base, with the visitor list, typed files and insurance. Every rule raises its own
 * message key, so the portal's form shows what the bid service would answer. Rules that need
 * the clock or the database (start not in the past, dictionary codes, the base's departments,
 * the files being the supplier's own) are checked by the bid service too.
 */

const err = (key: MessageKey) => ({ error: key });

/** An application's id; missing, it is "parameters lost, retry" (SPEC.md section 8). */
const applicationId = () => requiredText(64, 'paramsLost');

/** A required dictionary or organisation code: missing is `key`. */
const code = (key: MessageKey = 'required') => text(key).trim().min(1, err(key)).max(40, err('choiceInvalid'));

/** A yes/no the user must answer. */
const choice = () => z.boolean(err('required'));

/** Files of one named field, bounded by its rule of contract/upload-rules.ts. */
const filesOf = (rule: UploadRule, missing: MessageKey = 'requiredUploadMissing') =>
  z.array(fileRef, err(missing)).min(rule.min, err(missing)).max(rule.max, err(rule.tooMany)).default([]);

/** A certificate number: trimmed, upper-cased (a resident ID's `x` is `X`); checked against its type below. */
const certificateNo = () => requiredText(32).transform((v) => v.toUpperCase());

/** An insured amount: an exact decimal text, above zero, at most two decimals (as a NumericInput sends it). */
const insuredAmount = () =>
  text({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'amountInvalid') })
    .trim()
    .refine((v) => PRICE_RE.test(v) && toUnits(v, PRICE_DECIMALS) > 0n, err('amountInvalid'));

/** One visitor (SPEC.md section 5): meal type is required when a meal is chosen; the number fits its type. */
const visitApplyVisitor = z
  .object({
    name: requiredText(50),
    gender: code(),
    certificateType: code(),
    certificateNo: certificateNo(),
    phone: phone(),
    meal: choice(),
    mealType: optionalText(16),
    lodging: choice(),
  })
  .superRefine((v, ctx) => {
    if (v.meal && !v.mealType) ctx.addIssue({ code: 'custom', path: ['mealType'], message: 'mealTypeRequired' satisfies MessageKey });
    const problem = certificateNoProblem(v.certificateType, v.certificateNo);
    if (problem) ctx.addIssue({ code: 'custom', path: ['certificateNo'], message: problem });
  });

/** A typed file of the files section: the type is a required selection (SPEC.md section 5). */
const visitApplyFile = z.object({ type: code('fileTypeRequired'), file: fileRef });

/** An insured person: one of the application's visitors, named by certificate number, with the job insured. */
const insuredPerson = z.object({ certificateNo: certificateNo(), job: requiredText(100) });

const visitInsurance = z.object(
  {
    company: requiredText(200),
    type: code(),
    policyNo: requiredText(64),
    jobType: requiredText(100),
    insuredCount: z
      .number(err('insuredCountMismatch'))
      .int(err('insuredCountMismatch'))
      .min(1, err('insuredCountMismatch'))
      .max(VISITORS_MAX, err('insuredCountMismatch')),
    amount: insuredAmount(),
    currency: code('currencyFirst'),
    date: isoDate(),
    hasInsured: choice(),
    hasSocialSecurity: choice(),
    appendix: filesOf(UPLOAD_RULES.visitDocuments),
    insuredPersons: z
      .array(insuredPerson, err('insuredPersonsRequired'))
      .min(1, err('insuredPersonsRequired'))
      .max(VISITORS_MAX, err('tooManyVisitors')),
  },
  err('insuranceRequired'),
);

const visitApplyFields = z.object({
  intention: code(),
  /** YYYY-MM-DD: the first and last day of the visit; the start is not in the past (bid service's clock). */
  startDate: isoDate(),
  endDate: isoDate(),
  entryMethod: code(),
  sourceNo: optionalText(64),
  productionBase: code('productionBaseRequired'),
  department: code('departmentRequired'),
  reason: requiredText(500),
  visitingCompany: requiredText(200),
  host: requiredText(50),
  /** A tender no or enquiry no of the supplier, or typed. */
  relatedProject: requiredText(100, 'relatedProjectRequired'),
  contract: filesOf(UPLOAD_RULES.visitDocuments),
  labourNotice: filesOf(UPLOAD_RULES.visitDocuments),
  labourContract: filesOf(UPLOAD_RULES.labourContract, 'labourContractRequired'),
  policy: filesOf(UPLOAD_RULES.visitDocuments),
  visitors: z.array(visitApplyVisitor, err('visitorsRequired')).min(1, err('visitorsRequired')).max(VISITORS_MAX, err('tooManyVisitors')),
  files: z.array(visitApplyFile, err('required')).max(UPLOAD_RULES.visitFiles.max, err(UPLOAD_RULES.visitFiles.tooMany)).default([]),
  insurance: visitInsurance,
  /** The returned application this one was copied from: its to-do is done once a copy is submitted. */
  copiedFrom: applicationId().optional(),
});

/**
 * The rules across fields: end not before start, each phone and certificate number once, each
 * insured person one of the visitors (by certificate number) and once, the insured count the
 * number of insured persons. Run once every field parses.
 */
function checkVisitApplication(v: z.output<typeof visitApplyFields>, ctx: z.RefinementCtx): void {
  if (v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'visitEndBeforeStart' satisfies MessageKey });
  const phones = new Set<string>();
  const certificates = new Set<string>();
  v.visitors.forEach((visitor, i) => {
    if (phones.has(visitor.phone))
      ctx.addIssue({ code: 'custom', path: ['visitors', i, 'phone'], message: 'visitorPhoneDuplicate' satisfies MessageKey });
    if (certificates.has(visitor.certificateNo))
      ctx.addIssue({ code: 'custom', path: ['visitors', i, 'certificateNo'], message: 'visitorCertificateDuplicate' satisfies MessageKey });
    phones.add(visitor.phone);
    certificates.add(visitor.certificateNo);
  });
  const insured = new Set<string>();
  v.insurance.insuredPersons.forEach((p, i) => {
    const path = ['insurance', 'insuredPersons', i, 'certificateNo'];
    if (!certificates.has(p.certificateNo)) ctx.addIssue({ code: 'custom', path, message: 'insuredNotVisitor' satisfies MessageKey });
    else if (insured.has(p.certificateNo)) ctx.addIssue({ code: 'custom', path, message: 'insuredDuplicate' satisfies MessageKey });
    insured.add(p.certificateNo);
  });
  if (v.insurance.insuredCount !== v.insurance.insuredPersons.length) {
    ctx.addIssue({ code: 'custom', path: ['insurance', 'insuredCount'], message: 'insuredCountMismatch' satisfies MessageKey });
  }
}

/** Create and submit in one write (idempotent with Idempotency-Key); there is no edit afterwards. */
export const visitApplySaveRequest = visitApplyFields.superRefine(checkVisitApplication);
export type VisitApplySaveRequest = z.input<typeof visitApplySaveRequest>;
export type VisitApplication = z.output<typeof visitApplySaveRequest>;

export const visitApplyListRequest = pageRequest.extend({
  reviewStatus: z.enum(VISIT_REVIEW_STATUSES, err('choiceInvalid')).optional(),
});

export const visitApplyGetByIdRequest = z.object({ id: applicationId() });
export const visitApplyWithdrawRequest = z.object({ id: applicationId() });

/** One row of the list (SPEC.md section 3); labels in the request language beside the codes. */
const visitApplicationSummary = z.object({
  id: z.string(),
  visitNo: z.string(),
  intention: z.string(),
  intentionName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  productionBase: z.string(),
  productionBaseName: z.string(),
  department: z.string(),
  departmentName: z.string(),
  relatedProject: z.string(),
  copiedFrom: z.string().nullable(),
  reviewStatus: z.enum(VISIT_REVIEW_STATUSES),
  /** Why the buyer returned it, while returned. */
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  visitorCount: z.number().int(),
  submittedAt: z.string(),
});
export type VisitApplicationSummary = z.infer<typeof visitApplicationSummary>;

const storedFile = fileRef.extend({ size: z.number().int(), uploader: z.string(), uploadedAt: z.string() });

/** Everything the supplier sent, as stored, with the review. */
export const visitApplicationDetail = visitApplicationSummary.extend({
  entryMethod: z.string(),
  sourceNo: z.string(),
  reason: z.string(),
  visitingCompany: z.string(),
  host: z.string(),
  contract: z.array(fileRef),
  labourNotice: z.array(fileRef),
  labourContract: z.array(fileRef),
  policy: z.array(fileRef),
  visitors: z.array(
    z.object({
      name: z.string(),
      gender: z.string(),
      certificateType: z.string(),
      certificateNo: z.string(),
      phone: z.string(),
      meal: z.boolean(),
      mealType: z.string(),
      lodging: z.boolean(),
    }),
  ),
  files: z.array(z.object({ type: z.string(), file: storedFile })),
  insurance: z.object({
    company: z.string(),
    type: z.string(),
    policyNo: z.string(),
    jobType: z.string(),
    insuredCount: z.number().int(),
    amount: z.string(),
    currency: z.string(),
    date: z.string(),
    hasInsured: z.boolean(),
    hasSocialSecurity: z.boolean(),
    appendix: z.array(fileRef),
    insuredPersons: z.array(z.object({ certificateNo: z.string(), name: z.string(), job: z.string() })),
  }),
  /** The bid service's signed receipt of the application (null for one sent before receipts were issued). */
  receipt: receipt.nullable(),
  /** The bid service's clock when it answered. */
  serverTime: z.string(),
});
export type VisitApplicationDetail = z.infer<typeof visitApplicationDetail>;

export const visitApplicationPage = page(visitApplicationSummary).extend({ serverTime: z.string() });
export type VisitApplicationPage = z.infer<typeof visitApplicationPage>;
