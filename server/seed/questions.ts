import type { Tx } from '../db/db';
import { answerQuestion, insertQuestion } from '../db/question-repo';
import { findSupplierByUsername } from '../db/supplier-repo';
import type { FileStorage } from '../files/storage';
import type { Receipts } from '../services/receipts';
import { demoReceipt } from './submissions';

const HOUR_MS = 3_600_000;
const QUESTIONS_OPEN_MS = 3 * 24 * HOUR_MS;

/**
 * demo_a104's questions on the first notice it signed up for whose questions are still open
 * (docs/decisions/notice-questions.md): one answered publicly (so the public notice shows it),
 * one still waiting for the buyer. Each with the receipt its call would have issued.
 */
export async function seedDemoQuestions(db: Tx, storage: FileStorage, now: Date, timeZone: string, receipts?: Receipts): Promise<void> {
  const a104 = (await findSupplierByUsername(db, 'demo_a104'))?.supplier;
  if (!a104) return;
  const [record] = await db.query<{ id: string; notice_id: string }>(
    `SELECT r.id::text AS id, r.notice_id::text AS notice_id FROM tender_records r JOIN notices n ON n.id = r.notice_id
      WHERE r.supplier_id = $1 AND n.cutoff_time > $2 ORDER BY n.cutoff_time, n.id LIMIT 1`,
    [a104.supplierId, new Date(now.getTime() + QUESTIONS_OPEN_MS + HOUR_MS)],
  );
  if (!record) return;
  const supplier = { supplierId: a104.supplierId, supplierName: a104.supplierName };
  const ask = async (question: string, at: Date) => {
    const asked = await insertQuestion(
      db,
      { noticeId: record.notice_id, recordId: record.id, supplierId: a104.supplierId, question },
      at,
      timeZone,
    );
    await demoReceipt(db, storage, receipts, { kind: 'question', recordId: asked.id, recordNo: asked.questionNo, files: [], supplier, at });
    return asked;
  };
  const answered = await ask('招标文件要求的瓦楞原纸定量允许偏差是多少？能否接受 ±4% 的偏差？', new Date(now.getTime() - 3 * HOUR_MS));
  await answerQuestion(
    db,
    answered.questionNo,
    { text: '定量偏差按国家标准执行，允许 ±4%；投标时请在技术响应表中注明各规格的实测定量。', public: true },
    new Date(now.getTime() - 2 * HOUR_MS),
  );
  await ask('保证金能否以银行保函形式提交？保函的有效期需要覆盖到什么时候？', new Date(now.getTime() - HOUR_MS));
}
