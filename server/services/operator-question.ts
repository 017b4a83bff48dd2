import { z } from 'zod';
import { LONG_TEXT_MAX } from '../../contract/limits';
import { parseBusinessTime } from '../../contract/time-zone';
import { findNoticeByTenderNo } from '../db/notice-repo';
import { answerQuestion as writeAnswer, buyerQuestions, questionsCloseAtOf, setQuestionsDeadline } from '../db/question-repo';
import type { Queryable } from '../db/db';
import { OperatorError, type OperatorContext } from './operator-errors';

/**
 * The buyer's side of questions on a notice (docs/decisions/notice-questions.md): the questions
 * to answer, an answer (public or private, written once), and when a notice stops taking them.
 */

const tenderNo = z.string().trim().min(1).max(64);

export const questionInputs = {
  listQuestions: z.object({ tenderNo: tenderNo.optional(), unanswered: z.boolean().default(false) }),
  answerQuestion: z
    .object({
      questionNo: z.string().trim().min(1).max(64),
      public: z.boolean().default(false),
      private: z.boolean().default(false),
      text: z.string().trim().min(1).max(LONG_TEXT_MAX),
    })
    .refine((i) => i.public !== i.private, 'give --public or --private, one of them'),
  /** `at`: a time (with no offset, on the buyer's clock) or `default` (3 days before the cut-off). */
  setQuestionsDeadline: z.object({
    tenderNo,
    at: z
      .string()
      .trim()
      .refine(
        (v) => v === 'default' || parseBusinessTime(v, 'UTC') !== null,
        'a date (YYYY-MM-DD), an ISO 8601 time such as 2026-12-10T18:00+08:00, or default',
      ),
  }),
};

async function noticeNamed(db: Queryable, no: string, lock = false) {
  const notice = await findNoticeByTenderNo(db, no, lock);
  if (!notice) throw new OperatorError(`no notice with tender number "${no}"`);
  return notice;
}

export async function listQuestions(ctx: OperatorContext, raw: unknown) {
  const input = questionInputs.listQuestions.parse(raw);
  const noticeId = input.tenderNo ? (await noticeNamed(ctx.db, input.tenderNo)).id : undefined;
  return buyerQuestions(ctx.db, { noticeId, unanswered: input.unanswered });
}

/** The answer to a question not answered yet: an answer, once published, is not taken back. */
export async function answerQuestion(ctx: OperatorContext, raw: unknown) {
  const input = questionInputs.answerQuestion.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const [question] = await buyerQuestions(tx, { questionNo: input.questionNo });
    if (!question) throw new OperatorError(`no question with number "${input.questionNo}"`);
    if (!(await writeAnswer(tx, question.questionNo, { text: input.text, public: input.public }, ctx.now)))
      throw new OperatorError(`question ${question.questionNo} was answered already at ${question.answer?.answeredAt}`);
    return (await buyerQuestions(tx, { questionNo: question.questionNo }))[0];
  });
}

/** When a notice stops taking questions; not after its cut-off, and `default` goes back to 3 days before it. */
export async function setQuestionsDeadlineAction(ctx: OperatorContext, raw: unknown) {
  const input = questionInputs.setQuestionsDeadline.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const notice = await noticeNamed(tx, input.tenderNo, true);
    const at = input.at === 'default' ? null : parseBusinessTime(input.at, ctx.timeZone)!;
    if (at && at.getTime() > Date.parse(notice.cutoffTime))
      throw new OperatorError(`notice ${notice.tenderNo} closes at ${notice.cutoffTime}: questions cannot close after it`);
    await setQuestionsDeadline(tx, notice.id, at);
    return { tenderNo: notice.tenderNo, cutoffTime: notice.cutoffTime, questionsCloseAt: await questionsCloseAtOf(tx, notice) };
  });
}
