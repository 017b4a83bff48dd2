import { z } from '../zod';
import { receipt } from './receipt';
import { ENQUIRY_BUSINESS_STATUSES, priceProblem, REPLY_STATUSES, ROUND_STATUSES } from '../enquiry-values';
import type { MessageKey } from '../messages';
import { isoDate, optionalText, requiredText, text } from '../rules';
import { UPLOAD_RULES } from '../upload-rules';
import { fileRef, page, pageRequest } from './common';

export * from '../enquiry-values';

const err = (key: MessageKey) => ({ error: key });

/** An enquiry's id; missing, it is "parameters lost, retry" (SPEC.md section 8). */
const enquiryId = () => requiredText(64, 'paramsLost');

/** A unit price typed by the supplier: an exact decimal text, non-empty and non-zero (SPEC.md section 5). */
const price = () =>
  // Missing is "required"; a number or another type is not a price text ("12.50").
  text({ error: (issue) => (issue.input === undefined || issue.input === null ? 'priceRequired' : 'priceInvalid') })
    // Trimmed before use: toUnits reads " 12.5" and "12.5 " wrongly.
    .trim()
    .superRefine((value, ctx) => {
      const problem = priceProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    });

/** One row of the inquiry list (SPEC.md section 3). */
const enquirySummary = z.object({
  id: z.string(),
  enquiryNo: z.string(),
  theme: z.string(),
  replyStatus: z.enum(REPLY_STATUSES),
  businessStatus: z.enum(ENQUIRY_BUSINESS_STATUSES),
  /** Bargaining times: the number of the current round (1 for the first enquiry). */
  round: z.number().int(),
  /** ISO 8601 with offset: when the enquiry was sent. */
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The current round's reply deadline. */
  deadline: z.string(),
  currency: z.string(),
});
export type EnquirySummary = z.infer<typeof enquirySummary>;

/** A material line. Prices and quantities are exact decimal texts ("1234.50"), never floats. */
const enquiryLine = z.object({
  id: z.string(),
  lineNo: z.number().int(),
  materialNo: z.string(),
  name: z.string(),
  specification: z.string(),
  unit: z.string(),
  brand: z.string(),
  /** Estimated quantity, three decimals. */
  quantity: z.string(),
  /** The buyer's expected price, when it gave one. */
  expectedPrice: z.string().nullable(),
  /** The buyer's target price for the current round, when it gave one. */
  targetPrice: z.string().nullable(),
  /** This supplier's price in its latest quote of an earlier round (the starting value of a new round). */
  latestQuotation: z.string().nullable(),
  /** This supplier's price in the current round, once it quoted. */
  replyPrice: z.string().nullable(),
  packageSpecification: z.string(),
});
export type EnquiryLine = z.infer<typeof enquiryLine>;

/** A bargaining round (the history of SPEC.md section 3: promoter, date, count). */
const enquiryRound = z.object({
  round: z.number().int(),
  promoter: z.string(),
  openedAt: z.string(),
  deadline: z.string(),
  status: z.enum(ROUND_STATUSES),
});
export type EnquiryRound = z.infer<typeof enquiryRound>;

/** What the supplier answered in one round, line by line. */
const enquiryQuote = z.object({
  round: z.number().int(),
  submittedAt: z.string(),
  currency: z.string(),
  taxIncluded: z.boolean(),
  deliveryDate: z.string(),
  remark: z.string(),
  /** The sum of the line amounts, two decimals. */
  total: z.string(),
  lines: z.array(z.object({ lineId: z.string(), price: z.string() })),
  letter: fileRef.nullable(),
  /** The bid service's signed receipt of the quote, with its round (null for a quote made before receipts were issued). */
  receipt: receipt.nullable(),
});
export type EnquiryQuote = z.infer<typeof enquiryQuote>;

export const enquiryDetail = enquirySummary.extend({
  priceIncludesTax: z.boolean(),
  effectiveTime: z.string(),
  expiryTime: z.string(),
  remark: z.string(),
  vatType: z.string(),
  warrantyPeriod: z.string(),
  warrantyMethod: z.string(),
  transportType: z.string(),
  /** YYYY-MM-DD: when the buyer wants the goods. */
  deliveryDate: z.string(),
  invoiceType: z.string(),
  paymentType: z.string(),
  deliveryType: z.string(),
  unloadingMethod: z.string(),
  lines: z.array(enquiryLine),
  rounds: z.array(enquiryRound),
  /** Oldest first. */
  quotes: z.array(enquiryQuote),
  /** The bid service's clock when it answered: countdowns and deadline checks go by it. */
  serverTime: z.string(),
});
export type EnquiryDetail = z.infer<typeof enquiryDetail>;

export const enquiryPage = page(enquirySummary).extend({ serverTime: z.string() });
export type EnquiryPage = z.infer<typeof enquiryPage>;

export const enquiryListRequest = pageRequest.extend({
  replyStatus: z.enum(REPLY_STATUSES, err('choiceInvalid')).optional(),
  businessStatus: z.enum(ENQUIRY_BUSINESS_STATUSES, err('choiceInvalid')).optional(),
});

export const enquiryGetByIdRequest = z.object({ id: enquiryId() });

/**
 * A quote for one round. `round` is the round the supplier saw: a quote that waited in the
 * outbox while the buyer opened another round is refused (roundChanged), never applied to it.
 * Every line of the enquiry is priced exactly once (quoteLinesMismatch, checked by the bid service).
 */
export const enquiryQuoteRequest = z.object({
  enquiryId: enquiryId(),
  round: z.number(err('paramsLost')).int(err('paramsLost')).min(1, err('paramsLost')).max(1000, err('paramsLost')),
  /** SPEC.md section 5: the currency is chosen before anything else. */
  currency: text('currencyFirst').trim().min(1, err('currencyFirst')).max(8, err('choiceInvalid')),
  taxIncluded: z.boolean(err('required')),
  deliveryDate: isoDate(),
  remark: optionalText(500),
  lines: z
    .array(z.object({ lineId: requiredText(64), price: price() }), err('quoteLinesMismatch'))
    .min(1, err('quoteLinesMismatch'))
    .max(5000, err('quoteLinesMismatch')),
  /** The filled inquiry letter, when the supplier attaches one (.xls or .xlsx, by content). */
  letter: z.array(fileRef).max(UPLOAD_RULES.inquiryLetter.max, err(UPLOAD_RULES.inquiryLetter.tooMany)).default([]),
});
export type EnquiryQuoteRequest = z.input<typeof enquiryQuoteRequest>;

/** The inquiry-letter template of an enquiry, as an .xlsx in the request language. */
export const enquiryTemplateRequest = z.object({ id: enquiryId() });
