import { z } from '../zod';
import { LONG_TEXT_MAX } from '../limits';
import { requiredText } from '../rules';
import { receipt } from './receipt';

/**
 * Questions on a notice (clarifications, docs/decisions/notice-questions.md): a supplier signed
 * up for a notice asks, the buyer answers publicly (every supplier signed up for it sees the
 * answer, and so does the public notice, without the asker) or privately (the asker alone).
 */

/** A question answered publicly, as anyone reads it with the notice: never who asked. */
export const publicQuestion = z.object({
  questionNo: z.string(),
  question: z.string(),
  askedAt: z.string(),
  answer: z.string(),
  answeredAt: z.string(),
});

const questionAnswer = z.object({
  text: z.string(),
  /** `public`: every supplier signed up for the notice, and the public notice, show it; `private`: the asker alone. */
  visibility: z.enum(['public', 'private']),
  answeredAt: z.string(),
});

/** A question as a supplier signed up for its notice sees it: one of its own, or another's answered publicly. */
export const tenderQuestion = z.object({
  id: z.string(),
  /** `CQ` + the buyer's year and month + a sequence: what the supplier and the buyer name it by. */
  questionNo: z.string(),
  noticeId: z.string(),
  tenderNo: z.string(),
  question: z.string(),
  askedAt: z.string(),
  /** Asked by the caller; another supplier's question is shown only once answered publicly, and never says who asked. */
  mine: z.boolean(),
  answer: questionAnswer.nullable(),
  /** The signed receipt of the caller's own question (docs/decisions/receipts.md); null for another's. */
  receipt: receipt.nullable(),
});
export type TenderQuestion = z.infer<typeof tenderQuestion>;

export const tenderQuestionList = z.object({
  /** Newest first. */
  records: z.array(tenderQuestion),
  /** When the notice stops taking questions (the bid service's clock decides). */
  questionsCloseAt: z.string(),
  serverTime: z.string(),
});

/** The question is required, trimmed, at most LONG_TEXT_MAX characters; no attachments (see the decision). */
export const tenderAskQuestionRequest = z.object({
  noticeId: requiredText(64),
  supplierCode: requiredText(32, 'supplierCodeMissing'),
  question: requiredText(LONG_TEXT_MAX),
});

export const tenderListQuestionsRequest = z.object({ noticeId: requiredText(64) });
