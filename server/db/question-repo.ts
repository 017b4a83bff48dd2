import { monthIn } from '../../contract/time-zone';
import { questionsCloseAt } from '../../contract/tender-values';
import type { TenderQuestion } from '../../contract/schemas/question';
import type { ReceiptFile } from '../../contract/schemas/receipt';
import type { Queryable } from './db';

/**
 * Questions on a notice and when a notice stops taking them (migration 022,
 * docs/decisions/notice-questions.md). Who may read which question is decided here, in the
 * statements: a supplier reads its own and the public answers, the public notice the public
 * answers alone, and neither ever reads who asked another's question.
 */

interface QuestionRow {
  id: string;
  question_no: string;
  notice_id: string;
  tender_no: string;
  supplier_id: string;
  question: string;
  asked_at: Date;
  answer: string | null;
  answer_public: boolean | null;
  answered_at: Date | null;
  receipt: { jws: string; files: ReceiptFile[] } | null;
}

const COLUMNS = `q.id::text AS id, q.question_no, q.notice_id::text AS notice_id, n.tender_no, q.supplier_id::text AS supplier_id,
  q.question, q.asked_at, q.answer, q.answer_public, q.answered_at,
  (SELECT json_build_object('jws', r.jws, 'files', r.files) FROM receipts r
    WHERE r.record_id = q.id::text AND r.kind = 'question' ORDER BY r.id LIMIT 1) AS receipt`;
const FROM = 'notice_questions q JOIN notices n ON n.id = q.notice_id';
const NEWEST_FIRST = 'ORDER BY q.asked_at DESC, q.seq DESC';

const iso = (d: Date) => new Date(d).toISOString();

/** A question as `supplierId` sees it: its receipt only when it is the asker's own. */
function toQuestion(r: QuestionRow, supplierId: string): TenderQuestion {
  const mine = r.supplier_id === supplierId;
  return {
    id: r.id,
    questionNo: r.question_no,
    noticeId: r.notice_id,
    tenderNo: r.tender_no,
    question: r.question,
    askedAt: iso(r.asked_at),
    mine,
    answer:
      r.answer === null ? null : { text: r.answer, visibility: r.answer_public ? 'public' : 'private', answeredAt: iso(r.answered_at!) },
    receipt: mine ? r.receipt : null,
  };
}

/** A new question of a supplier signed up for the notice (`recordId`: its tender record there). */
export async function insertQuestion(
  db: Queryable,
  q: { noticeId: string; recordId: string; supplierId: string; question: string },
  now: Date,
  buyerZone: string,
): Promise<{ id: string; questionNo: string }> {
  const rows = await db.query<{ id: string; question_no: string }>(
    `INSERT INTO notice_questions (question_no, notice_id, record_id, supplier_id, question, asked_at)
     VALUES ('CQ' || $1 || lpad(nextval('notice_question_no_seq')::text, 4, '0'), $2, $3, $4, $5, $6)
     RETURNING id::text AS id, question_no`,
    [monthIn(now, buyerZone), q.noticeId, q.recordId, q.supplierId, q.question, now],
  );
  return { id: rows[0]!.id, questionNo: rows[0]!.question_no };
}

export async function findQuestion(db: Queryable, id: string, supplierId: string): Promise<TenderQuestion | null> {
  const rows = await db.query<QuestionRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE q.id = $1`, [id]);
  return rows[0] ? toQuestion(rows[0], supplierId) : null;
}

/** What a supplier signed up for a notice reads of its questions: its own, and every answer made public; newest first. */
export async function questionsFor(db: Queryable, noticeId: string, supplierId: string): Promise<TenderQuestion[]> {
  const rows = await db.query<QuestionRow>(
    `SELECT ${COLUMNS} FROM ${FROM} WHERE q.notice_id = $1 AND (q.supplier_id = $2 OR q.answer_public) ${NEWEST_FIRST}`,
    [noticeId, supplierId],
  );
  return rows.map((r) => toQuestion(r, supplierId));
}

/** The public answers of a notice, newest first: what anyone reads with the notice, without who asked. */
export async function publicQuestionsOf(
  db: Queryable,
  noticeId: string,
): Promise<Array<{ questionNo: string; question: string; askedAt: string; answer: string; answeredAt: string }>> {
  const rows = await db.query<{ question_no: string; question: string; asked_at: Date; answer: string; answered_at: Date }>(
    `SELECT q.question_no, q.question, q.asked_at, q.answer, q.answered_at FROM notice_questions q
      WHERE q.notice_id = $1 AND q.answer_public ${NEWEST_FIRST}`,
    [noticeId],
  );
  return rows.map((r) => ({
    questionNo: r.question_no,
    question: r.question,
    askedAt: iso(r.asked_at),
    answer: r.answer,
    answeredAt: iso(r.answered_at),
  }));
}

/** When the notice stops taking questions (the buyer's time, else the default before its cut-off). */
export async function questionsCloseAtOf(db: Queryable, notice: { id: string; cutoffTime: string }): Promise<string> {
  const rows = await db.query<{ closes_at: Date }>('SELECT closes_at FROM notice_question_deadlines WHERE notice_id = $1', [notice.id]);
  return questionsCloseAt(notice.cutoffTime, rows[0] ? iso(rows[0].closes_at) : null);
}

/** The buyer's time for a notice's questions to close; null goes back to the default. */
export async function setQuestionsDeadline(db: Queryable, noticeId: string, closesAt: Date | null): Promise<void> {
  if (closesAt === null) await db.query('DELETE FROM notice_question_deadlines WHERE notice_id = $1', [noticeId]);
  else
    await db.query(
      `INSERT INTO notice_question_deadlines (notice_id, closes_at) VALUES ($1, $2)
       ON CONFLICT (notice_id) DO UPDATE SET closes_at = EXCLUDED.closes_at`,
      [noticeId, closesAt],
    );
}

/** A question as the buyer sees it: with who asked. */
export interface BuyerQuestion {
  id: string;
  questionNo: string;
  tenderNo: string;
  supplier: string;
  question: string;
  askedAt: string;
  answer: { text: string; visibility: 'public' | 'private'; answeredAt: string } | null;
}

/** The buyer's list: every question, or one notice's, or those still unanswered; oldest first, the order to answer them in. */
export async function buyerQuestions(
  db: Queryable,
  filter: { noticeId?: string; unanswered?: boolean; questionNo?: string },
): Promise<BuyerQuestion[]> {
  const rows = await db.query<QuestionRow & { username: string }>(
    `SELECT ${COLUMNS}, s.username FROM ${FROM} JOIN suppliers s ON s.id = q.supplier_id
      WHERE ($1::bigint IS NULL OR q.notice_id = $1::bigint) AND (NOT $2::boolean OR q.answered_at IS NULL) AND ($3::text IS NULL OR q.question_no = upper($3))
      ORDER BY q.asked_at, q.seq`,
    [filter.noticeId ?? null, filter.unanswered ?? false, filter.questionNo ?? null],
  );
  return rows.map((r) => {
    const { answer } = toQuestion(r, r.supplier_id);
    return {
      id: r.id,
      questionNo: r.question_no,
      tenderNo: r.tender_no,
      supplier: r.username,
      question: r.question,
      askedAt: iso(r.asked_at),
      answer,
    };
  });
}

/** Writes the answer of a question not answered yet; false when it was answered already (or does not exist). */
export async function answerQuestion(db: Queryable, questionNo: string, a: { text: string; public: boolean }, now: Date): Promise<boolean> {
  const rows = await db.query(
    `UPDATE notice_questions SET answer = $2, answer_public = $3, answered_at = $4
      WHERE question_no = upper($1) AND answered_at IS NULL RETURNING id`,
    [questionNo, a.text, a.public, now],
  );
  return rows.length > 0;
}
