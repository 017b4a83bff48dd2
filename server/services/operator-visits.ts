import { z } from 'zod';
import { PHONE_RE } from '../../contract/rules';
import type { Queryable } from '../db/db';
import { departments } from '../db/reference-repo';
import { findPerson, findVisit, findVisitorIdByPhone, insertVisit, listVisits, type Visit } from '../db/visit-repo';
import { OperatorError, type OperatorContext } from './operator-errors';

const phone = z.string().trim().regex(PHONE_RE, 'an 11-digit mobile number starting with 13 to 19');
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * `2026-11-03` is a whole day in the server's time zone (`--from` its start, `--until` its
 * end); anything else must be an ISO 8601 date and time.
 */
function instant(value: string, end: boolean): Date {
  if (DATE_RE.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    const start = new Date(y, m - 1, d);
    if (start.getMonth() !== m - 1 || start.getDate() !== d) throw new OperatorError(`not a date: ${value}`);
    return end ? new Date(y, m - 1, d + 1) : start;
  }
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) throw new OperatorError(`not a date (YYYY-MM-DD) or ISO date and time: ${value}`);
  return parsed;
}

/** The gate visit window of whole days `from` to `until` (YYYY-MM-DD) in the server's time zone. */
export function visitWindow(from: string, until: string): { validFrom: Date; validUntil: Date } {
  return { validFrom: instant(from, false), validUntil: instant(until, true) };
}

export const visitInputs = {
  approveVisit: z.object({
    phone,
    name: z.string().trim().min(1).max(50),
    base: z.string().trim().min(1).max(40),
    department: z.string().trim().min(1).max(40),
    host: z.string().trim().min(1).max(50),
    from: z.string().trim().min(1).max(40),
    until: z.string().trim().min(1).max(40),
    reason: z.string().trim().max(200).default(''),
  }),
  listVisits: z.object({ phone: phone.optional() }),
  getVisitorPerson: z.object({ phone }),
};

/** A visit as the operator sees it (labels in Chinese, codes beside them). */
const operatorView = (v: Visit) => ({
  id: v.id,
  visitNo: v.visitNo,
  phone: v.phone,
  visitorName: v.visitorName,
  baseCode: v.baseCode,
  productionBase: v.productionBase,
  departmentCode: v.departmentCode,
  department: v.department,
  host: v.host,
  reason: v.reason,
  status: v.status,
  validFrom: v.validFrom.toISOString(),
  validUntil: v.validUntil.toISOString(),
});

/** A department of the base, named by its code or by a label in any language. */
async function departmentCode(db: Queryable, base: string, department: string): Promise<string> {
  const zh = await departments(db, base, 'zh-CN');
  if (!zh) throw new OperatorError(`no production base "${base}"`);
  const en = (await departments(db, base, 'en')) ?? [];
  const vie = (await departments(db, base, 'vie')) ?? [];
  const wanted = department.toLowerCase();
  const match = [...zh, ...en, ...vie].find((o) => o.code.toLowerCase() === wanted || o.label.toLowerCase() === wanted);
  if (!match) throw new OperatorError(`no department "${department}" at ${base} (one of: ${zh.map((o) => `${o.code} ${o.label}`).join(', ')})`);
  return match.code;
}

export async function approveVisit(ctx: OperatorContext, raw: unknown) {
  const input = visitInputs.approveVisit.parse(raw);
  const base = input.base.toUpperCase();
  const dept = await departmentCode(ctx.db, base, input.department);
  const validFrom = instant(input.from, false);
  const validUntil = instant(input.until, true);
  if (validUntil <= validFrom) throw new OperatorError('--until must be after --from');
  const id = await insertVisit(ctx.db, { phone: input.phone, visitorName: input.name, baseCode: base, departmentCode: dept, host: input.host, reason: input.reason, validFrom, validUntil }, ctx.now);
  return operatorView((await findVisit(ctx.db, id, 'zh-CN'))!);
}

export async function listVisitsAction(ctx: OperatorContext, raw: unknown) {
  const input = visitInputs.listVisits.parse(raw);
  return (await listVisits(ctx.db, input.phone ?? null, 'zh-CN')).map(operatorView);
}

export async function getVisitorPerson(ctx: OperatorContext, raw: unknown) {
  const input = visitInputs.getVisitorPerson.parse(raw);
  const visitorId = await findVisitorIdByPhone(ctx.db, input.phone);
  return { phone: input.phone, visitorId, person: visitorId ? await findPerson(ctx.db, visitorId) : null };
}
