import { describe, expect, it } from 'vitest';
import type { NoticeDetail } from '../../contract/schemas/notice';
import type { TenderQuestion } from '../../contract/schemas/question';
import type { TenderRecordPage } from '../../contract/schemas/tender';
import { build } from '../test/helper';
import { receiptChecker } from '../test/receipts';

const t = await build();
const { checked } = await receiptChecker(t);
const a104 = await t.login('demo_a104');

type QuestionList = { records: TenderQuestion[]; questionsCloseAt: string; serverTime: string };

describe('demo questions', () => {
  it('demo_a104 has asked on one of its open notices: one answered publicly, one waiting, each with its receipt', async () => {
    const records = (await t.post<TenderRecordPage>('/tender/listByPage', { pageSize: 100 }, { token: a104.token })).data.records;
    const lists = [];
    for (const r of records) {
      const res = await t.post<QuestionList>('/tender/listQuestions', { noticeId: r.noticeId }, { token: a104.token });
      expect(res.code).toBe('E000');
      if (res.data.records.length) lists.push({ noticeId: r.noticeId, ...res.data });
    }
    expect(lists).toHaveLength(1);
    const [asked] = lists;
    // Newest first: the waiting one, then the one answered publicly.
    expect(asked!.records.map((q) => [q.mine, q.answer?.visibility ?? null])).toEqual([
      [true, null],
      [true, 'public'],
    ]);
    // Still open: a newcomer may ask another question on it.
    expect(Date.parse(asked!.questionsCloseAt)).toBeGreaterThan(t.clock.now.getTime());
    for (const q of asked!.records)
      expect(await checked(q.receipt!)).toMatchObject({ kind: 'question', recordId: q.id, recordNo: q.questionNo, receivedAt: q.askedAt });

    // The public notice shows the public answer, without who asked.
    const notice = (await t.post<NoticeDetail>('/business/getById', { id: asked!.noticeId })).data;
    const answered = asked!.records[1]!;
    expect(notice.questions).toEqual([
      {
        questionNo: answered.questionNo,
        question: answered.question,
        askedAt: answered.askedAt,
        answer: answered.answer!.text,
        answeredAt: answered.answer!.answeredAt,
      },
    ]);

    // demo_a141, signed up elsewhere, is refused on that notice until it signs up; then it sees the public answer.
    const a141 = await t.login('demo_a141');
    expect((await t.post('/tender/listQuestions', { noticeId: asked!.noticeId }, { token: a141.token })).code).toBe('E403');
    expect((await t.post('/tender/signUp', { noticeId: asked!.noticeId }, { token: a141.token })).code).toBe('E000');
    const theirs = await t.post<QuestionList>('/tender/listQuestions', { noticeId: asked!.noticeId }, { token: a141.token });
    expect(theirs.data.records.map((q) => [q.questionNo, q.mine, q.receipt])).toEqual([[answered.questionNo, false, null]]);
  });
});
