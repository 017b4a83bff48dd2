import { z } from '../zod';
import { requiredText, text } from '../rules';
import { fileRef, page, pageRequest } from './common';
import { publicQuestion } from './question';

export { BIND_OR_PURCHASE } from '../limits';

export const listByPageRequest = pageRequest.extend({
  bindOrPurchase: z.coerce
    .number({ error: 'notANumber' })
    .refine((n) => n === 0 || n === 1, { error: 'choiceInvalid' })
    .default(0),
});

/** One row of the public lists on the login screen. */
const noticeSummary = z.object({
  id: z.string(),
  bindOrPurchase: z.number().int(),
  tenderNo: z.string(),
  title: z.string(),
  issuingUnit: z.string(),
  projectAddress: z.string(),
  registrationCount: z.number().int(),
  /** ISO 8601 with offset. */
  cutoffTime: z.string(),
  publishedAt: z.string(),
});
export type NoticeSummary = z.infer<typeof noticeSummary>;

/**
 * A page of a public list, open notices first (nearest deadline first), then closed ones
 * (latest first). `totalCapped`: a frequent search term was counted only up to
 * NOTICE_TOTAL_CAP, which is then the total ("1000+").
 */
export const noticePage = page(noticeSummary).extend({ totalCapped: z.boolean() });

const typicalMaterial = z.object({
  name: z.string(),
  specification: z.string(),
  estimatedAnnualQuantity: z.number(),
  unit: z.string(),
  usage: z.string(),
  remark: z.string(),
});

const requiredItem = z.object({ description: z.string(), referenceDocuments: z.array(fileRef) });

export const noticeDetail = noticeSummary.extend({
  tenderingManner: z.string(),
  classification: z.string(),
  projectCycle: z.string(),
  annualDemand: z.string(),
  currency: z.string(),
  exchangeRate: z.number(),
  totalPrice: z.number(),
  /** The bid deposit the notice asks for, in its currency; 0 when none is required. */
  depositAmount: z.number(),
  referenceTemplate: fileRef.nullable(),
  typicalMaterials: z.array(typicalMaterial),
  requiredItems: z.array(requiredItem),
  clarificationRequest: z.string(),
  certificateDocuments: z.array(z.string()),
  companyInfo: z.object({ name: z.string(), address: z.string(), profile: z.string() }),
  buyerContact: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  /** When the notice stops taking questions from the suppliers signed up for it. */
  questionsCloseAt: z.string(),
  /** The questions the buyer answered publicly, newest first, without who asked (docs/decisions/notice-questions.md). */
  questions: z.array(publicQuestion),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

export const getByIdRequest = z.object({ id: requiredText(64) });

/** Regions for address pickers: no code lists provinces, a province code lists its cities. */
export const regionRequest = z.object({ provinceCode: text().trim().max(12, { error: 'tooLong' }).optional() });
export const cityModelRequest = z.object({ cityCode: requiredText(12) });
export const cityModel = z.object({ cityCode: z.string(), cityName: z.string(), provinceCode: z.string(), provinceName: z.string() });
