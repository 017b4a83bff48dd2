import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../../contract/endpoints';
import type {
  TenderAction,
  tenderApplyRefundRequest,
  TenderRecordDetail,
  tenderPayDepositRequest,
  tenderSubmitBidRequest,
  tenderReplaceBidRequest,
  tenderWithdrawBidRequest,
} from '../../../contract/schemas/tender';
import type { z } from 'zod';
import type { FileRef } from '../../../contract/schemas/common';
import type { ReceiptKind } from '../../../contract/schemas/receipt';
import type { Queryable, Tx } from '../../db/db';
import { receiptsOf } from '../../db/receipt-repo';
import { issueReceipt } from '../../services/receipt-issue';
import type { Session } from '../../http/context';
import { UPLOAD_RULES, type UploadRule } from '../../../contract/upload-rules';
import { findNotice } from '../../db/notice-repo';
import { findRecord, listRecords, type TenderRecord } from '../../db/tender-repo';
import { findRecordIdOf, insertBid, insertDeposit, insertRefundRequest, signUpRecord, withdrawBid } from '../../db/tender-writes';
import { conflict, notFound } from '../../http/api-error';
import { route } from '../../http/route';
import { named, ownFiles } from '../../services/file-refs';
import { checkDeposit, ensureOpen, ensureOwnCode, orderedCertificates, ownRecord, tenderingSupplier } from './checks';

/**
 * Tender management (SPEC.md sections 2 to 5): sign up for a notice, pay the deposit, submit the
 * bid, ask for the refund. Open to the statuses bid management is open to
 * (contract/status-rules.ts), read from the database on every call. Each write locks its record
 * and follows TENDER_TRANSITIONS; answers carry the bid service's clock, by which every deadline
 * here is judged.
 */
type TenderPayDepositInput = z.output<typeof tenderPayDepositRequest>;
type TenderSubmitBidInput = z.output<typeof tenderSubmitBidRequest>;
type TenderApplyRefundInput = z.output<typeof tenderApplyRefundRequest>;
type TenderReplaceBidInput = z.output<typeof tenderReplaceBidRequest>;
type TenderWithdrawBidInput = z.output<typeof tenderWithdrawBidRequest>;
/** What a write took, for its receipt: its files and, for a bid, its version. */
type Act = { files: Array<[string, FileRef]>; version?: number };

export async function tenderRoutes(app: FastifyInstance): Promise<void> {
  const { now, storage, receipts } = app.services;
  const answer = async (db: Queryable, record: TenderRecord, at: Date): Promise<TenderRecordDetail> => ({
    ...record.detail,
    receipts: (await receiptsOf(db, record.detail.id)).map((r) => r.receipt),
    serverTime: at.toISOString(),
  });

  route(
    app,
    'tender',
    endpoints.tenderSignUp,
    async ({ input, session, db }) => {
      const { supplierId } = tenderingSupplier(session, 'signUpNotAllowed');
      const at = now();
      return db.transaction(async (tx) => {
        const notice = await findNotice(tx, input.noticeId);
        if (!notice) throw notFound();
        // Signing up again answers the record there is, even after the cut-off.
        let id = await findRecordIdOf(tx, supplierId, notice.id);
        if (!id) {
          if (Date.parse(notice.cutoffTime) <= at.getTime()) throw conflict('pastDeadline');
          // Nothing to pay: the record starts where a confirmed deposit would have put it.
          const status = (notice.depositAmount ?? 0) > 0 ? 'signedUp' : 'depositConfirmed';
          ({ id } = await signUpRecord(tx, { supplierId, noticeId: notice.id, status }, at));
        }
        return answer(tx, (await findRecord(tx, id))!, at);
      });
    },
    { idempotent: true },
  );

  route(app, 'tender', endpoints.tenderListByPage, async ({ input, session, db }) => {
    const { supplierId } = tenderingSupplier(session);
    const { pageNo, pageSize } = input;
    const { records, total } = await listRecords(db, {
      supplierId,
      status: input.status,
      search: input.searchContent || undefined,
      pageNo,
      pageSize,
    });
    return { records, total, pageNo, pageSize, serverTime: now().toISOString() };
  });

  route(app, 'tender', endpoints.tenderGetById, async ({ input, session, db }) => {
    const { supplierId } = tenderingSupplier(session);
    return answer(db, await ownRecord(db, input.id, supplierId), now());
  });

  /**
   * A supplier's write on one of its records: status gating, its own supplier code, the record
   * locked, the transition open (E409 otherwise); `write` does the rest in the same transaction
   * and says which files it took, its receipt is issued there too, and the record as it then
   * stands (with the receipt) is the answer.
   */
  const onRecord =
    <I extends { tenderRecordId: string; supplierCode: string }>(
      action: TenderAction,
      kind: ReceiptKind,
      write: (w: { input: I; tx: Tx; record: TenderRecord; supplierId: string; at: Date }) => Promise<Act>,
    ) =>
    async ({ input, session, db }: { input: I; session: Session | null; db: Tx }) => {
      const supplier = tenderingSupplier(session);
      ensureOwnCode(input.supplierCode, supplier);
      const at = now();
      return db.transaction(async (tx) => {
        const record = await ownRecord(tx, input.tenderRecordId, supplier.supplierId, true);
        ensureOpen(action, record, at);
        const act = await write({ input, tx, record, supplierId: supplier.supplierId, at });
        const { id, tenderNo } = record.detail;
        await issueReceipt(tx, { receipts, storage }, { kind, recordId: id, recordNo: tenderNo, ...act, supplier, at });
        return answer(tx, (await findRecord(tx, id))!, at);
      });
    };

  route(
    app,
    'tender',
    endpoints.tenderPayDeposit,
    onRecord<TenderPayDepositInput>('payDeposit', 'deposit', async ({ input, tx, record, supplierId, at }) => {
      checkDeposit(input, record, at);
      const refs = named('remittanceSlip', input.remittanceSlip);
      const [slip] = await ownFiles(tx, storage, refs, UPLOAD_RULES.remittanceSlip, supplierId);
      const deposit = {
        depositType: input.depositType,
        amount: input.amount,
        currency: record.detail.currency,
        paymentDate: input.paymentDate,
        remittanceSlip: slip!,
      };
      await insertDeposit(tx, record.detail.id, deposit, at);
      return { files: refs };
    }),
    { idempotent: true },
  );

  /**
   * A bid's files, owned and in the notice's order, written as a new version of the record's bid
   * (`replace`: superseding the one standing); what its receipt states.
   */
  async function writeBid(
    { input, tx, record, supplierId, at }: { input: TenderSubmitBidInput; tx: Tx; record: TenderRecord; supplierId: string; at: Date },
    replace: boolean,
  ): Promise<Act> {
    const groups = orderedCertificates(
      input.certificates.map((group, i) => ({ ...group, index: i })),
      record.detail.requiredCertificates,
    );
    const files: Array<[string, FileRef]> = [];
    const own = (field: string, refs: typeof input.bidDocuments, rule: UploadRule) => {
      const fields = named(field, refs);
      files.push(...fields);
      return ownFiles(tx, storage, fields, rule, supplierId);
    };
    const bidDocuments = await own('bidDocuments', input.bidDocuments, UPLOAD_RULES.bidDocuments);
    const certificates = [];
    for (const group of groups)
      certificates.push({
        name: group.name,
        files: await own(`certificates.${group.index}.files`, group.files, UPLOAD_RULES.certificateFiles),
      });
    const [billOfMaterials] = await own('billOfMaterials', input.billOfMaterials, UPLOAD_RULES.billOfMaterials);
    const version = await insertBid(tx, record.detail.id, { bidDocuments, certificates, billOfMaterials: billOfMaterials! }, at, replace);
    return { files, version };
  }

  /** A replacement or a withdrawal names the version it acts on: the one standing, or E409. */
  const ensureStanding = (record: TenderRecord, version: number) => {
    if (record.detail.bid?.version !== version) throw conflict('bidVersionChanged');
  };

  route(
    app,
    'tender',
    endpoints.tenderSubmitBid,
    onRecord<TenderSubmitBidInput>('submitBid', 'bid', (w) => writeBid(w, false)),
    {
      idempotent: true,
    },
  );

  route(
    app,
    'tender',
    endpoints.tenderReplaceBid,
    onRecord<TenderReplaceBidInput>('replaceBid', 'bid', (w) => {
      ensureStanding(w.record, w.input.version);
      return writeBid(w, true);
    }),
    { idempotent: true },
  );

  route(
    app,
    'tender',
    endpoints.tenderWithdrawBid,
    onRecord<TenderWithdrawBidInput>('withdrawBid', 'bidWithdrawal', async ({ input, tx, record, at }) => {
      ensureStanding(record, input.version);
      await withdrawBid(tx, record.detail.id, at);
      return { files: [], version: input.version };
    }),
    { idempotent: true },
  );

  route(
    app,
    'tender',
    endpoints.tenderApplyRefund,
    onRecord<TenderApplyRefundInput>('applyRefund', 'refund', async ({ input, tx, record, at }) => {
      await insertRefundRequest(tx, record.detail.id, input.remark, at);
      return { files: [] };
    }),
    { idempotent: true },
  );
}
