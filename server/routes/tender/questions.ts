import type { FastifyInstance } from 'fastify';
import { Code } from '../../../contract/codes';
import { endpoints } from '../../../contract/endpoints';
import type { Queryable } from '../../db/db';
import { findNotice } from '../../db/notice-repo';
import { findQuestion, insertQuestion, questionsCloseAtOf, questionsFor } from '../../db/question-repo';
import { findRecordIdOf } from '../../db/tender-writes';
import { ApiError, conflict, notFound } from '../../http/api-error';
import { route } from '../../http/route';
import { issueReceipt } from '../../services/receipt-issue';
import { ensureOwnCode, tenderingSupplier } from './checks';

/**
 * Questions on a notice (docs/decisions/notice-questions.md). Order of checks: status gating as
 * bid management's (E403, contract/status-rules.ts), the caller's own supplier code (E403), the
 * notice (E404), the caller's tender record on it (E403 questionNotSignedUp), then, for a new
 * question, the notice's questions deadline by the service's clock (E409 questionsClosed).
 */
export async function questionRoutes(app: FastifyInstance): Promise<void> {
  const { now, storage, receipts, timeZone } = app.services;

  /** The notice and the caller's record on it; a supplier not signed up for it is refused. */
  async function signedUpFor(db: Queryable, noticeId: string, supplierId: string) {
    const notice = await findNotice(db, noticeId);
    if (!notice) throw notFound();
    const recordId = await findRecordIdOf(db, supplierId, notice.id);
    if (!recordId) throw new ApiError(Code.forbidden, 'questionNotSignedUp');
    return { notice, recordId };
  }

  route(
    app,
    'tender',
    endpoints.tenderAskQuestion,
    async ({ input, session, db }) => {
      const supplier = tenderingSupplier(session);
      ensureOwnCode(input.supplierCode, supplier);
      const at = now();
      return db.transaction(async (tx) => {
        const { notice, recordId } = await signedUpFor(tx, input.noticeId, supplier.supplierId);
        if (Date.parse(await questionsCloseAtOf(tx, notice)) <= at.getTime()) throw conflict('questionsClosed');
        const { id, questionNo } = await insertQuestion(
          tx,
          { noticeId: notice.id, recordId, supplierId: supplier.supplierId, question: input.question },
          at,
          timeZone,
        );
        await issueReceipt(tx, { receipts, storage }, { kind: 'question', recordId: id, recordNo: questionNo, files: [], supplier, at });
        return (await findQuestion(tx, id, supplier.supplierId))!;
      });
    },
    { idempotent: true },
  );

  route(app, 'tender', endpoints.tenderListQuestions, async ({ input, session, db }) => {
    const { supplierId } = tenderingSupplier(session);
    const { notice } = await signedUpFor(db, input.noticeId, supplierId);
    return {
      records: await questionsFor(db, notice.id, supplierId),
      questionsCloseAt: await questionsCloseAtOf(db, notice),
      serverTime: now().toISOString(),
    };
  });
}
