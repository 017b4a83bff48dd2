import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import type { FileRef } from '../../../contract/schemas/common';
import { isOpenTo } from '../../../contract/status-rules';
import { findThread, insertReply, insertThread, listThreads, threadDetail } from '../../db/communication-repo';
import type { Queryable } from '../../db/db';
import { claimFiles } from '../../db/file-repo';
import { conflict, forbidden, notFound, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';
import { route } from '../../http/route';
import { checkRefs, named, withOurUrl } from '../../services/file-refs';
import { issueReceipt } from '../../services/receipt-issue';

/**
 * Communication records (SPEC.md sections 2 and 3): open to the statuses their menu entry is
 * open to (contract/status-rules.ts). Who wrote a supplier message: the supplier's contact person.
 */
function communicatingSupplier(session: Session | null): { supplierId: string; supplierName: string; sponsor: string } {
  if (!session) throw unauthorized();
  if (!isOpenTo('communicateRecord', session.status)) throw forbidden();
  return { supplierId: session.supplierId, supplierName: session.supplierName, sponsor: session.contactName || session.supplierName };
}

/**
 * Attachments must be files uploaded here that the supplier may use (its own, public, or an
 * unclaimed upload, which becomes its own); their links are rebuilt from the stored key.
 */
async function ownAttachments(db: Queryable, refs: FileRef[], supplierId: string): Promise<FileRef[]> {
  await checkRefs(db, named('attachments', refs), supplierId);
  await claimFiles(
    db,
    refs.map((ref) => ref.path),
    supplierId,
  );
  return refs.map(withOurUrl);
}

export async function communicationRoutes(app: FastifyInstance): Promise<void> {
  const { now } = app.services;

  /** The receipt of a supplier's message (`partId`: its id), in the write's transaction. */
  const receive = (
    tx: Queryable,
    kind: 'communication' | 'reply',
    thread: { id: string; questionNo: string },
    message: { id: string; attachments: FileRef[] },
    supplier: { supplierId: string; supplierName: string },
    at: Date,
  ) =>
    issueReceipt(tx, app.services, {
      kind,
      recordId: thread.id,
      recordNo: thread.questionNo,
      partId: message.id,
      files: named('attachments', message.attachments),
      supplier,
      at,
    });

  route(app, 'communication', endpoints.communicationListByPage, async ({ input, session, db }) => {
    const { supplierId } = communicatingSupplier(session);
    const { records, total } = await listThreads(db, {
      supplierId,
      status: input.status,
      search: input.searchContent || undefined,
      pageNo: input.pageNo,
      pageSize: input.pageSize,
    });
    return { records, total, pageNo: input.pageNo, pageSize: input.pageSize };
  });

  route(app, 'communication', endpoints.communicationGetById, async ({ input, session, db }) => {
    const { supplierId } = communicatingSupplier(session);
    const thread = await findThread(db, input.id);
    // Another supplier's thread is simply not there for this one.
    if (!thread || thread.supplierId !== supplierId) throw notFound();
    return threadDetail(db, thread);
  });

  route(
    app,
    'communication',
    endpoints.communicationSave,
    async ({ input, session, db }) => {
      const supplier = communicatingSupplier(session);
      const { supplierId, sponsor } = supplier;
      const at = now();
      return db.transaction(async (tx) => {
        const attachments = await ownAttachments(tx, input.attachments, supplierId);
        const { openingId, ...thread } = await insertThread(
          tx,
          {
            supplierId,
            sponsor,
            topic: input.topic,
            priority: input.priority,
            sourceNo: input.sourceNo || null,
            content: input.content,
            attachments,
          },
          at,
          app.services.timeZone,
        );
        await receive(tx, 'communication', thread, { id: openingId, attachments }, supplier, at);
        return threadDetail(tx, thread);
      });
    },
    { idempotent: true },
  );

  route(
    app,
    'communication',
    endpoints.communicationReply,
    async ({ input, session, db }) => {
      const supplier = communicatingSupplier(session);
      const { supplierId, sponsor } = supplier;
      const at = now();
      return db.transaction(async (tx) => {
        const thread = await findThread(tx, input.communicationId, true);
        if (!thread || thread.supplierId !== supplierId) throw notFound();
        if (thread.status === 'closed') throw conflict('communicationClosed');
        const attachments = await ownAttachments(tx, input.attachments, supplierId);
        const reply = await insertReply(
          tx,
          { threadId: thread.id, side: 'supplier', sponsor, detail: input.detail, attachments, status: 'awaitingBuyer' },
          at,
        );
        return { ...reply, receipt: await receive(tx, 'reply', thread, reply, supplier, at) };
      });
    },
    { idempotent: true },
  );
}
