import { describe, expect, it } from 'vitest';
import type { NoticeDetail } from '../../../contract/schemas/notice';
import type { TenderQuestion } from '../../../contract/schemas/question';
import { build, newSupplier } from '../../test/helper';
import { receiptChecker } from '../../test/receipts';
import { tenderKit, type Session } from '../../test/tenders';

const t = await build();
const k = tenderKit(t);
const { checked } = await receiptChecker(t);
const first = await newSupplier(t, 'A104');
const second = await newSupplier(t, 'A141');
const outsider = await newSupplier(t, 'A104');
const HOUR_MS = 3_600_000;

type QuestionList = { records: TenderQuestion[]; questionsCloseAt: string; serverTime: string };
const ask = (s: Session, noticeId: string, question: string, headers: Record<string, string> = {}) =>
  t.post<TenderQuestion>('/tender/askQuestion', { noticeId, supplierCode: s.supplierCode, question }, k.as(s, headers));
const list = (s: Session, noticeId: string) => t.post<QuestionList>('/tender/listQuestions', { noticeId }, k.as(s));
const answer = (questionNo: string, text: string, visibility: 'public' | 'private') =>
  k.operator('answerQuestion', { questionNo, text, public: visibility === 'public', private: visibility === 'private' });

/** A fresh notice (14 days unless told) both suppliers signed up for. */
async function noticeOfBoth(hours = 14 * 24) {
  const notice = await k.notice({ hours });
  for (const s of [first, second]) expect((await k.signUp(s, notice.id)).code).toBe('E000');
  return notice;
}

describe('tenderAskQuestion', () => {
  it('keeps the question, trimmed, with its number, the service time and a signed receipt of its own', async () => {
    const notice = await noticeOfBoth();
    const res = await ask(first, notice.id, '  定量偏差允许多少？  ');
    expect(res.code, res.message).toBe('E000');
    expect(res.data).toMatchObject({
      questionNo: expect.stringMatching(/^CQ\d{6}\d{4,}$/),
      noticeId: notice.id,
      tenderNo: notice.tenderNo,
      question: '定量偏差允许多少？',
      askedAt: new Date(t.clock.now).toISOString(),
      mine: true,
      answer: null,
    });
    expect(await checked(res.data.receipt!)).toMatchObject({
      kind: 'question',
      recordId: res.data.id,
      recordNo: res.data.questionNo,
      supplierId: first.supplierId,
      receivedAt: new Date(t.clock.now).toISOString(),
      fileCount: 0,
    });
  });

  it('answers a replay of its Idempotency-Key with the same question and the same receipt, written once', async () => {
    const notice = await noticeOfBoth();
    const before = { questions: await t.count('notice_questions'), receipts: await t.count('receipts') };
    const key = { 'idempotency-key': 'question-replay-0001' };
    const once = await ask(first, notice.id, '交货地点在哪里？', key);
    expect(once.code).toBe('E000');
    expect(await ask(first, notice.id, '交货地点在哪里？', key)).toEqual(once);
    expect(await t.count('notice_questions')).toBe(before.questions + 1);
    expect(await t.count('receipts')).toBe(before.receipts + 1);
    // The same key with another question is refused, not a second question.
    expect((await ask(first, notice.id, '另一个问题', key)).code).toBe('E409');
    expect(await t.count('notice_questions')).toBe(before.questions + 1);
  });

  it('refuses a supplier not signed up for the notice (E403), an unknown notice (E404) and another supplier code (E403)', async () => {
    const notice = await noticeOfBoth();
    const before = await t.count('notice_questions');
    expect(await ask(outsider, notice.id, '我可以提问吗？')).toMatchObject({
      code: 'E403',
      message: 'Sign up for this tender before asking a question about it',
    });
    expect(await list(outsider, notice.id)).toMatchObject({ code: 'E403' });
    expect((await ask(first, '999999999', '问题')).code).toBe('E404');
    expect((await ask(first, 'not-a-notice', '问题')).code).toBe('E404');
    const foreignCode = await t.post(
      '/tender/askQuestion',
      { noticeId: notice.id, supplierCode: second.supplierCode, question: '问题' },
      k.as(first),
    );
    expect(foreignCode.code).toBe('E403');
    expect(await t.count('notice_questions')).toBe(before);
  });

  it('refuses bad input with E400 field errors and writes nothing', async () => {
    const notice = await noticeOfBoth();
    const before = { questions: await t.count('notice_questions'), receipts: await t.count('receipts') };
    const cases: Array<[unknown, string]> = [
      [{ noticeId: notice.id, supplierCode: first.supplierCode }, 'question'],
      [{ noticeId: notice.id, supplierCode: first.supplierCode, question: '   ' }, 'question'],
      [{ noticeId: notice.id, supplierCode: first.supplierCode, question: '问'.repeat(2001) }, 'question'],
      [{ noticeId: notice.id, supplierCode: first.supplierCode, question: 42 }, 'question'],
      [{ noticeId: notice.id, supplierCode: first.supplierCode, question: ['问题'] }, 'question'],
      [{ noticeId: notice.id, question: '问题' }, 'supplierCode'],
      [{ supplierCode: first.supplierCode, question: '问题' }, 'noticeId'],
      [{ noticeId: { id: notice.id }, supplierCode: first.supplierCode, question: '问题' }, 'noticeId'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post<Array<{ field: string; message: string }>>('/tender/askQuestion', body, k.as(first));
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe('E400');
      expect(res.data.map((p) => p.field)).toContain(field);
    }
    expect((await t.post('/tender/askQuestion', '{"noticeId":', k.as(first, { 'content-type': 'application/json' }))).code).toBe('E400');
    expect(await ask(first, notice.id, '问'.repeat(2000))).toMatchObject({ code: 'E000' });
    expect(await t.count('notice_questions')).toBe(before.questions + 1);
    expect(await t.count('receipts')).toBe(before.receipts + 1);
  });
});

describe('the questions deadline', () => {
  it('closes 3 days before the cut-off by default: E409 questionsClosed by the service clock', async () => {
    // An hour before its questions close: the clock moves past it within the session's life.
    const notice = await noticeOfBoth(73);
    const listed = await list(first, notice.id);
    expect(listed.data.questionsCloseAt).toBe(new Date(Date.parse(notice.cutoffTime) - 72 * HOUR_MS).toISOString());
    expect((await ask(first, notice.id, '赶在截止前')).code).toBe('E000');
    const saved = t.clock.now;
    t.clock.now = new Date(Date.parse(listed.data.questionsCloseAt));
    try {
      const before = await t.count('notice_questions');
      expect(await ask(first, notice.id, '太晚了')).toMatchObject({ code: 'E409', message: 'Questions on this tender are closed' });
      expect(await t.count('notice_questions')).toBe(before);
      // Reading them stays open.
      expect((await list(first, notice.id)).data.records).toHaveLength(1);
    } finally {
      t.clock.now = saved;
    }
  });

  it('follows the time the buyer sets, never after the cut-off, and goes back to the default', async () => {
    const notice = await noticeOfBoth(2 * 24);
    // Under 3 days to the cut-off: closed by default.
    expect((await ask(first, notice.id, '问题')).code).toBe('E409');
    const at = new Date(Date.parse(notice.cutoffTime) - HOUR_MS).toISOString();
    expect(await k.operator('setQuestionsDeadline', { tenderNo: notice.tenderNo, at })).toMatchObject({ questionsCloseAt: at });
    expect((await list(second, notice.id)).data.questionsCloseAt).toBe(at);
    expect((await ask(first, notice.id, '问题')).code).toBe('E000');
    await expect(
      k.operator('setQuestionsDeadline', {
        tenderNo: notice.tenderNo,
        at: new Date(Date.parse(notice.cutoffTime) + HOUR_MS).toISOString(),
      }),
    ).rejects.toThrow(/cannot close after/);
    await k.operator('setQuestionsDeadline', { tenderNo: notice.tenderNo, at: 'default' });
    expect((await ask(first, notice.id, '问题')).code).toBe('E409');
  });
});

describe('tenderListQuestions and the public notice', () => {
  it('shows a supplier its own questions and the public answers, newest first; private answers to the asker alone', async () => {
    const notice = await noticeOfBoth();
    const asked = async (s: Session, text: string) => {
      const res = await ask(s, notice.id, text);
      t.clock.now = new Date(t.clock.now.getTime() + 1000);
      return res.data;
    };
    const publicOne = await asked(first, '可否分批交货？');
    const privateOne = await asked(first, '我司的资质文件是否齐全？');
    const waiting = await asked(first, '还没有回复的问题');
    const othersWaiting = await asked(second, '另一家的问题');

    // Before any answer: each sees its own alone.
    expect((await list(first, notice.id)).data.records.map((q) => q.id)).toEqual([waiting.id, privateOne.id, publicOne.id]);
    expect((await list(second, notice.id)).data.records.map((q) => q.id)).toEqual([othersWaiting.id]);

    await answer(publicOne.questionNo, '可以，分两批交货。', 'public');
    await answer(privateOne.questionNo, '营业执照副本需加盖公章。', 'private');
    await expect(answer(publicOne.questionNo, '再答一次', 'private')).rejects.toThrow(/answered already/);

    const mine = (await list(first, notice.id)).data;
    expect(mine.records.map((q) => q.id)).toEqual([waiting.id, privateOne.id, publicOne.id]);
    expect(mine.records.find((q) => q.id === privateOne.id)!.answer).toMatchObject({
      text: '营业执照副本需加盖公章。',
      visibility: 'private',
    });
    expect(mine.records.every((q) => q.mine && q.receipt !== null)).toBe(true);

    const theirs = (await list(second, notice.id)).data;
    expect(theirs.records.map((q) => q.id)).toEqual([othersWaiting.id, publicOne.id]);
    const shared = theirs.records.find((q) => q.id === publicOne.id)!;
    expect(shared).toMatchObject({ mine: false, receipt: null, answer: { text: '可以，分两批交货。', visibility: 'public' } });
    expect(JSON.stringify(shared)).not.toContain(first.supplierId);

    // The public notice: the public answer alone, without who asked, to anyone.
    const detail = (await t.post<NoticeDetail>('/business/getById', { id: notice.id })).data;
    expect(detail.questions).toEqual([
      {
        questionNo: publicOne.questionNo,
        question: '可否分批交货？',
        askedAt: publicOne.askedAt,
        answer: '可以，分两批交货。',
        answeredAt: expect.any(String),
      },
    ]);
    expect(detail.questionsCloseAt).toBe(new Date(Date.parse(notice.cutoffTime) - 72 * HOUR_MS).toISOString());
    const page = JSON.stringify(detail);
    for (const hidden of [first.supplierId, first.supplierCode, first.username, '营业执照副本需加盖公章', '还没有回复的问题'])
      expect(page).not.toContain(hidden);

    // The operator's list names the asker; --unanswered those still waiting.
    const waitingForBuyer = await k.operator<Array<{ questionNo: string; supplier: string }>>('listQuestions', {
      tenderNo: notice.tenderNo,
      unanswered: true,
    });
    expect(waitingForBuyer.map((q) => [q.questionNo, q.supplier])).toEqual([
      [waiting.questionNo, first.username],
      [othersWaiting.questionNo, second.username],
    ]);
  });
});
