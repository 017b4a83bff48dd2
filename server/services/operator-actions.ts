import { z } from 'zod';
import { SupplierStatus } from '../../contract/limits';
import { dayIn } from '../../contract/time-zone';
import { BIND_OR_PURCHASE } from '../../contract/schemas/notice';
import type { Queryable } from '../db/db';
import { insertNotice, tenderNoExists } from '../db/notice-repo';
import { revokeAllSessions } from '../db/session-repo';
import { findSupplierByHandle, listSuppliers, setStatus } from '../db/supplier-repo';
import { noticeBody } from '../seed/notices';
import { communicationInputs, listCommunications, replyCommunication } from './operator-communication';
import { closeEnquiry, createEnquiry, enquiryInputs, listEnquiries, listQuotes, openRound } from './operator-enquiry';
import { OperatorError, type OperatorContext } from './operator-errors';
import { listMessagesAction, messageInputs } from './operator-message';
import {
  announceResult,
  closeNotice,
  confirmDeposit,
  listTenderRecords,
  refundDeposit,
  rejectDeposit,
  tenderInputs,
} from './operator-tender';
import { answerQuestion, listQuestions, questionInputs, setQuestionsDeadlineAction } from './operator-question';
import { listVisitApplications, reviewVisitApplication, visitApplicationInputs } from './operator-visit';
import { approveVisit, getVisitorPerson, listBases, listVisitsAction, setBaseTimeZoneAction, visitInputs } from './operator-visitor';

export { OperatorError, type OperatorContext } from './operator-errors';

/**
 * Buyer-side actions an operator runs (DESIGN.md section 2, cli.ts). Shared by the CLI, which
 * runs them on the database directly when no server is up, and by the operator endpoints,
 * which run them inside the server (PGlite admits one process at a time).
 */
export const operatorInputs = {
  setStatus: z.object({
    supplier: z.string().trim().min(1).max(64),
    status: z.enum([SupplierStatus.A101, SupplierStatus.A104, SupplierStatus.A141]),
  }),
  publishNotice: z
    .object({
      type: z.enum(['bidding', 'purchasing']),
      title: z.string().trim().min(1).max(200),
      /** The cut-off time: `days` from now (14 when neither is given), or `hours` for short tests. */
      days: z.coerce.number().int().min(-365).max(365).optional(),
      hours: z.coerce.number().finite().min(-8760).max(8760).optional(),
      /** The deposit the notice asks for (0: none); default the seed's formula. */
      deposit: z.coerce
        .number()
        .finite()
        .min(0)
        .max(1e12)
        .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'at most two decimals')
        .optional(),
      /** Certificate documents a bid must carry; default 营业执照 alone. */
      certificates: z.array(z.string().trim().min(1).max(200)).max(20).optional(),
      issuingUnit: z.string().trim().min(1).max(200).default('华南纸业集团有限公司'),
      projectAddress: z.string().trim().min(1).max(200).default('广东省东莞市'),
    })
    .refine((i) => i.days === undefined || i.hours === undefined, 'give --days or --hours, not both'),
  listSuppliers: z.object({}),
  /** Ends every session of a supplier now (a stolen device, or a test of what an expired token does). */
  revokeSessions: z.object({ supplier: z.string().trim().min(1).max(64) }),
  ...communicationInputs,
  ...visitInputs,
  ...tenderInputs,
  ...questionInputs,
  ...enquiryInputs,
  ...visitApplicationInputs,
  ...messageInputs,
} as const;

/** Actions after which the public lists change (new notice, moved cut-off time). */
export const LIST_CHANGING_ACTIONS: readonly OperatorAction[] = ['publishNotice', 'closeNotice', 'announceResult'];

/** ZB/CG + the buyer's date + six digits of the clock; the next free number when that one is taken. */
async function newTenderNo(db: Queryable, type: 'bidding' | 'purchasing', now: Date, zone: string): Promise<string> {
  const prefix = `${type === 'bidding' ? 'ZB' : 'CG'}${dayIn(now, zone).replaceAll('-', '')}`;
  for (let n = now.getTime() % 1_000_000; ; n = (n + 1) % 1_000_000) {
    const tenderNo = `${prefix}${String(n).padStart(6, '0')}`;
    if (!(await tenderNoExists(db, tenderNo))) return tenderNo;
  }
}

export type OperatorAction = keyof typeof operatorInputs;

export async function runOperatorAction(ctx: OperatorContext, action: OperatorAction, raw: unknown): Promise<unknown> {
  const { db, now } = ctx;
  switch (action) {
    case 'setStatus': {
      const input = operatorInputs.setStatus.parse(raw);
      const record = await findSupplierByHandle(db, input.supplier);
      if (!record) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
      await setStatus(db, record.supplier.supplierId, input.status, now);
      return {
        supplierId: record.supplier.supplierId,
        username: record.supplier.username,
        supplierCode: record.supplier.supplierCode,
        status: input.status,
      };
    }
    case 'revokeSessions': {
      const input = operatorInputs.revokeSessions.parse(raw);
      const record = await findSupplierByHandle(db, input.supplier);
      if (!record) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
      await revokeAllSessions(db, record.supplier.supplierId, now);
      return { supplierId: record.supplier.supplierId, username: record.supplier.username, revokedAt: now.toISOString() };
    }
    case 'publishNotice': {
      const input = operatorInputs.publishNotice.parse(raw);
      const tenderNo = await newTenderNo(db, input.type, now, ctx.timeZone);
      const hours = input.hours ?? (input.days ?? 14) * 24;
      const cutoffTime = new Date(now.getTime() + hours * 3600_000);
      const body = noticeBody(input.issuingUnit, input.projectAddress);
      const detail = {
        ...body,
        depositAmount: input.deposit ?? body.depositAmount,
        certificateDocuments: input.certificates ?? body.certificateDocuments,
      };
      const id = await insertNotice(db, {
        bindOrPurchase: BIND_OR_PURCHASE[input.type],
        tenderNo,
        title: input.title,
        issuingUnit: input.issuingUnit,
        projectAddress: input.projectAddress,
        registrationCount: 0,
        cutoffTime,
        publishedAt: now,
        detail,
      });
      return {
        id,
        tenderNo,
        cutoffTime: cutoffTime.toISOString(),
        depositAmount: detail.depositAmount,
        certificateDocuments: detail.certificateDocuments,
      };
    }
    case 'listSuppliers':
      return listSuppliers(db);
    case 'replyCommunication':
      return replyCommunication(ctx, raw);
    case 'listCommunications':
      return listCommunications(ctx, raw);
    case 'approveVisit':
      return approveVisit(ctx, raw);
    case 'listVisits':
      return listVisitsAction(ctx, raw);
    case 'getVisitorPerson':
      return getVisitorPerson(ctx, raw);
    case 'listBases':
      return listBases(ctx, raw);
    case 'setBaseTimeZone':
      return setBaseTimeZoneAction(ctx, raw);
    case 'listTenderRecords':
      return listTenderRecords(ctx, raw);
    case 'confirmDeposit':
      return confirmDeposit(ctx, raw);
    case 'rejectDeposit':
      return rejectDeposit(ctx, raw);
    case 'announceResult':
      return announceResult(ctx, raw);
    case 'refundDeposit':
      return refundDeposit(ctx, raw);
    case 'closeNotice':
      return closeNotice(ctx, raw);
    case 'listQuestions':
      return listQuestions(ctx, raw);
    case 'answerQuestion':
      return answerQuestion(ctx, raw);
    case 'setQuestionsDeadline':
      return setQuestionsDeadlineAction(ctx, raw);
    case 'createEnquiry':
      return createEnquiry(ctx, raw);
    case 'openRound':
      return openRound(ctx, raw);
    case 'closeEnquiry':
      return closeEnquiry(ctx, raw);
    case 'listEnquiries':
      return listEnquiries(ctx, raw);
    case 'listQuotes':
      return listQuotes(ctx, raw);
    case 'listVisitApplications':
      return listVisitApplications(ctx, raw);
    case 'reviewVisitApplication':
      return reviewVisitApplication(ctx, raw);
    case 'listMessages':
      return listMessagesAction(ctx, raw);
  }
}
