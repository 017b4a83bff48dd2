import { z } from 'zod';
import { reviewBlock } from '../../contract/visit-values';
import { VISIT_REVIEW_STATUSES } from '../../contract/visit-values';
import type { Queryable } from '../db/db';
import { listSuppliers, findSupplierByHandle } from '../db/supplier-repo';
import { applicationDetail, findApplication, listApplications, visitorsOf, type ApplicationState } from '../db/visit-application-repo';
import { setReviewStatus } from '../db/visit-application-writes';
import { insertVisit } from '../db/visit-repo';
import { baseTimeZone } from '../db/reference-repo';
import { OperatorError, type OperatorContext } from './operator-errors';
import { visitWindow } from './operator-visitor';

/**
 * The buyer's side of visit applications (cli.ts): list them, and review a pending one. Approval
 * creates one gate visit per visitor (as `approve-visit` does), valid from the start day's
 * beginning to the end day's end in the server's time zone, so each visitor's phone gets the QR at
 * /visitLogin; returning needs a reason, which the supplier sees.
 */

const handle = z.string().trim().min(1).max(64);

export const visitApplicationInputs = {
  listVisitApplications: z.object({ supplier: handle.optional(), status: z.enum(VISIT_REVIEW_STATUSES).optional() }),
  reviewVisitApplication: z
    .object({
      id: handle.optional(),
      visitNo: handle.optional(),
      approve: z.boolean().default(false),
      return: z.boolean().default(false),
      reason: z.string().trim().max(500).optional(),
    })
    .refine((i) => (i.id === undefined) !== (i.visitNo === undefined), 'give --id or --visit-no, one of them')
    .refine((i) => i.approve !== i.return, 'give --approve or --return, one of them')
    .refine((i) => !i.return || !!i.reason, 'returning needs --reason <text>')
    .refine((i) => !i.approve || i.reason === undefined, '--reason goes with --return only'),
};

async function applicationNamed(db: Queryable, i: { id?: string; visitNo?: string }, lock = false): Promise<ApplicationState> {
  const found = await findApplication(db, i, null, lock);
  if (!found)
    throw new OperatorError(
      i.id !== undefined ? `no visit application with id "${i.id}"` : `no visit application with visit no "${i.visitNo}"`,
    );
  return found;
}

/** Every application (of one supplier, in one status), newest first, with the supplier's username. */
export async function listVisitApplications(ctx: OperatorContext, raw: unknown) {
  const input = visitApplicationInputs.listVisitApplications.parse(raw);
  let supplierId: string | null = null;
  if (input.supplier) {
    const found = await findSupplierByHandle(ctx.db, input.supplier);
    if (!found) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
    supplierId = found.supplier.supplierId;
  }
  const usernames = new Map((await listSuppliers(ctx.db)).map((s) => [s.supplierId, s.username]));
  const { records } = await listApplications(ctx.db, { supplierId, reviewStatus: input.status, pageNo: 1, pageSize: 10_000 }, 'zh-CN');
  return records.map(({ supplierId: id, ...r }) => ({ ...r, supplier: usernames.get(id) ?? id }));
}

/** pending -> approved (gate visits for every visitor) | returned (with the reason). */
export async function reviewVisitApplication(ctx: OperatorContext, raw: unknown) {
  const input = visitApplicationInputs.reviewVisitApplication.parse(raw);
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const found = await applicationNamed(tx, input, true);
    if (reviewBlock(found.reviewStatus))
      throw new OperatorError(`visit application ${found.visitNo} is ${found.reviewStatus}, not pending`);
    const visits: Array<{ id: string; phone: string; visitorName: string }> = [];
    if (input.approve) {
      const detail = (await applicationDetail(tx, found.id, null, 'zh-CN'))!;
      const zone = (await baseTimeZone(tx, detail.productionBase)) ?? ctx.timeZone;
      const { validFrom, validUntil } = visitWindow(detail.startDate, detail.endDate, zone);
      if (validUntil <= now) throw new OperatorError(`visit application ${found.visitNo} ended on ${detail.endDate}; return it instead`);
      for (const v of await visitorsOf(tx, found.id)) {
        const id = await insertVisit(
          tx,
          {
            phone: v.phone,
            visitorName: v.name,
            baseCode: detail.productionBase,
            departmentCode: detail.department,
            host: detail.host,
            reason: detail.reason,
            validFrom,
            validUntil,
            applicationId: found.id,
          },
          now,
          ctx.timeZone,
        );
        visits.push({ id, phone: v.phone, visitorName: v.name });
      }
      await setReviewStatus(tx, found.id, 'approved', null, now);
    } else {
      await setReviewStatus(tx, found.id, 'returned', input.reason!, now);
    }
    const after = (await applicationDetail(tx, found.id, null, 'zh-CN'))!;
    return {
      id: after.id,
      visitNo: after.visitNo,
      reviewStatus: after.reviewStatus,
      reviewReason: after.reviewReason,
      reviewedAt: after.reviewedAt,
      visits,
    };
  });
}
