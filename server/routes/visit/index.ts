import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import { withdrawBlock } from '../../../contract/visit-values';
import { UPLOAD_RULES } from '../../../contract/upload-rules';
import { findFilesByKeys } from '../../db/file-repo';
import { applicationDetail, findApplication, listApplications } from '../../db/visit-application-repo';
import { insertApplication, setReviewStatus } from '../../db/visit-application-writes';
import { conflict } from '../../http/api-error';
import { route } from '../../http/route';
import { named, ownFiles } from '../../services/file-refs';
import { issueReceipt } from '../../services/receipt-issue';
import type { FileRef } from '../../../contract/schemas/common';
import { applicationLost, applyingSupplier, checkApplication, checkCopiedFrom } from './checks';

/**
 * Visit applications (SPEC.md sections 2 to 5): a supplier's applications for its people to
 * visit a production base. Open to every supplier status; another supplier's application is
 * E404. Save creates and submits in one idempotent write (never edited afterwards); withdraw
 * works while the application is pending. The buyer reviews with the operator CLI.
 */
export async function visitRoutes(app: FastifyInstance): Promise<void> {
  const { now, storage } = app.services;

  route(app, 'visitApply', endpoints.visitApplyListByPage, async ({ input, session, db, req }) => {
    const { supplierId } = applyingSupplier(session);
    const { pageNo, pageSize } = input;
    const { records, total } = await listApplications(
      db,
      { supplierId, reviewStatus: input.reviewStatus, search: input.searchContent || undefined, pageNo, pageSize },
      req.locale,
    );
    return { records: records.map(({ supplierId: _, ...r }) => r), total, pageNo, pageSize, serverTime: now().toISOString() };
  });

  route(app, 'visitApply', endpoints.visitApplyGetById, async ({ input, session, db, req }) => {
    const { supplierId } = applyingSupplier(session);
    const detail = await applicationDetail(db, input.id, supplierId, req.locale);
    if (!detail) throw applicationLost();
    return { ...detail, serverTime: now().toISOString() };
  });

  /**
   * One transaction: the rules the schema cannot check (clock, dictionaries, the base's
   * departments, the returned application it copies), then every referenced file the supplier's own upload of its field's rule
   * (claimed here, rolled back with any later refusal), then the application with its visitors,
   * files, insurance and insured persons.
   */
  route(
    app,
    'visitApply',
    endpoints.visitApplySave,
    async ({ input, session, db, req }) => {
      const { supplierId, username, supplierName } = applyingSupplier(session);
      const at = now();
      return db.transaction(async (tx) => {
        await checkApplication(tx, input, at, req.locale);
        await checkCopiedFrom(tx, input.copiedFrom, supplierId);
        const taken: Array<[string, FileRef]> = [];
        const own = (field: string, refs: typeof input.contract, rule: (typeof UPLOAD_RULES)[keyof typeof UPLOAD_RULES]) => {
          const fields = named(field, refs);
          taken.push(...fields);
          return ownFiles(tx, storage, fields, rule, supplierId);
        };
        const labourContract = await own('labourContract', input.labourContract, UPLOAD_RULES.labourContract);
        const contract = await own('contract', input.contract, UPLOAD_RULES.visitDocuments);
        const labourNotice = await own('labourNotice', input.labourNotice, UPLOAD_RULES.visitDocuments);
        const policy = await own('policy', input.policy, UPLOAD_RULES.visitDocuments);
        const appendix = await own('insurance.appendix', input.insurance.appendix, UPLOAD_RULES.visitDocuments);
        const typedRefs = input.files.map((f, i): [string, FileRef] => [`files.${i}.file`, f.file]);
        taken.push(...typedRefs);
        const typed = await ownFiles(tx, storage, typedRefs, UPLOAD_RULES.visitFiles, supplierId);
        const sizes = new Map(
          (
            await findFilesByKeys(
              tx,
              typed.map((f) => f.path),
            )
          ).map((f) => [f.storageKey, f.size]),
        );
        const files = input.files.map((f, i) => ({ type: f.type, file: { ...typed[i]!, size: sizes.get(typed[i]!.path) ?? 0 } }));
        const id = await insertApplication(
          tx,
          { ...input, labourContract, contract, labourNotice, policy, files, insurance: { ...input.insurance, appendix } },
          supplierId,
          username,
          at,
          app.services.timeZone,
        );
        const detail = (await applicationDetail(tx, id, supplierId, req.locale))!;
        const receipt = await issueReceipt(tx, app.services, {
          kind: 'visitApplication',
          recordId: id,
          recordNo: detail.visitNo,
          files: taken,
          supplier: { supplierId, supplierName },
          at,
        });
        return { ...detail, receipt, serverTime: at.toISOString() };
      });
    },
    { idempotent: true },
  );

  /** pending -> withdrawn, with the row locked; any other status is E409 with its reason. */
  route(
    app,
    'visitApply',
    endpoints.visitApplyWithdraw,
    async ({ input, session, db, req }) => {
      const { supplierId } = applyingSupplier(session);
      const at = now();
      return db.transaction(async (tx) => {
        const found = await findApplication(tx, { id: input.id }, supplierId, true);
        if (!found) throw applicationLost();
        const block = withdrawBlock(found.reviewStatus);
        if (block) throw conflict(block);
        await setReviewStatus(tx, found.id, 'withdrawn', null, at);
        return { ...(await applicationDetail(tx, found.id, supplierId, req.locale))!, serverTime: at.toISOString() };
      });
    },
    { idempotent: true },
  );
}
