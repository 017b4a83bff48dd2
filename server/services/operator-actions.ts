import { z } from 'zod';
import { SupplierStatus } from '../../contract/limits';
import { BIND_OR_PURCHASE } from '../../contract/schemas/business';
import { insertNotice } from '../db/notice-repo';
import { findSupplierByHandle, listSuppliers, setStatus } from '../db/supplier-repo';
import { noticeBody } from '../seed/notices';
import { communicationInputs, listCommunications, replyCommunication } from './operator-communications';
import { OperatorError, type OperatorContext } from './operator-errors';
import { approveVisit, getVisitorPerson, listVisitsAction, visitInputs } from './operator-visits';

export { OperatorError, type OperatorContext } from './operator-errors';

/**
 * Buyer-side actions an operator runs (DESIGN.md section 2, cli.ts). Shared by the CLI, which
 * runs them on the database directly when no server is up, and by the operator endpoints,
 * which run them inside the server (PGlite admits one process at a time).
 */
export const operatorInputs = {
  setStatus: z.object({ supplier: z.string().trim().min(1).max(64), status: z.enum([SupplierStatus.A101, SupplierStatus.A104, SupplierStatus.A141]) }),
  publishNotice: z.object({
    type: z.enum(['bidding', 'purchasing']),
    title: z.string().trim().min(1).max(200),
    days: z.coerce.number().int().min(-365).max(365).default(14),
    issuingUnit: z.string().trim().min(1).max(200).default('华南纸业集团有限公司'),
    projectAddress: z.string().trim().min(1).max(200).default('广东省东莞市'),
  }),
  listSuppliers: z.object({}),
  ...communicationInputs,
  ...visitInputs,
} as const;

export type OperatorAction = keyof typeof operatorInputs;

export async function runOperatorAction(ctx: OperatorContext, action: OperatorAction, raw: unknown): Promise<unknown> {
  const { db, now } = ctx;
  switch (action) {
    case 'setStatus': {
      const input = operatorInputs.setStatus.parse(raw);
      const record = await findSupplierByHandle(db, input.supplier);
      if (!record) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
      await setStatus(db, record.supplier.supplierId, input.status, now);
      return { supplierId: record.supplier.supplierId, username: record.supplier.username, supplierCode: record.supplier.supplierCode, status: input.status };
    }
    case 'publishNotice': {
      const input = operatorInputs.publishNotice.parse(raw);
      const tenderNo = `${input.type === 'bidding' ? 'ZB' : 'CG'}${now.toISOString().slice(0, 10).replaceAll('-', '')}${String(now.getTime() % 1_000_000).padStart(6, '0')}`;
      const id = await insertNotice(db, {
        bindOrPurchase: BIND_OR_PURCHASE[input.type],
        tenderNo,
        title: input.title,
        issuingUnit: input.issuingUnit,
        projectAddress: input.projectAddress,
        registrationCount: 0,
        cutoffTime: new Date(now.getTime() + input.days * 86_400_000),
        publishedAt: now,
        detail: noticeBody(input.issuingUnit, input.projectAddress),
      });
      return { id, tenderNo };
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
  }
}
