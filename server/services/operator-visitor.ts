import { z } from 'zod';
import { PHONE_RE } from '../../contract/rules';
import type { Queryable } from '../db/db';
import { isTimeZone, parseBusinessTime } from '../../contract/time-zone';
import { baseTimeZone, departments, productionBases, setBaseTimeZone } from '../db/reference-repo';
import { findPerson, findVisit, findVisitorIdByPhone, insertVisit, listVisits, type Visit } from '../db/visit-repo';
import { OperatorError, type OperatorContext } from './operator-errors';

const phone = z.string().trim().regex(PHONE_RE, 'an 11-digit mobile number starting with 13 to 19');
/**
 * `2026-11-03` is a whole day in the base's time zone (`--from` its start, `--until` its end);
 * a time without an offset is on the base's clock too (contract/time-zone.ts).
 */
function instant(value: string, zone: string, end: boolean): Date {
  const at = parseBusinessTime(value, zone, end);
  if (!at) throw new OperatorError(`not a date (YYYY-MM-DD) or ISO date and time: ${value}`);
  return at;
}

/** The gate visit window of whole days `from` to `until` (YYYY-MM-DD) in the base's time zone. */
export function visitWindow(from: string, until: string, zone: string): { validFrom: Date; validUntil: Date } {
  return { validFrom: instant(from, zone, false), validUntil: instant(until, zone, true) };
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
  listBases: z.object({}),
  setBaseTimeZone: z.object({
    base: z.string().trim().min(1).max(40),
    zone: z
      .string()
      .trim()
      .refine((v) => v === 'default' || isTimeZone(v), 'an IANA time zone such as Asia/Shanghai or Asia/Ho_Chi_Minh, or default'),
  }),
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
  timeZone: v.timeZone,
});

/** A department of the base, named by its code or by a label in any language. */
async function departmentCode(db: Queryable, base: string, department: string): Promise<string> {
  const zh = await departments(db, base, 'zh-CN');
  if (!zh) throw new OperatorError(`no production base "${base}"`);
  const en = (await departments(db, base, 'en')) ?? [];
  const vie = (await departments(db, base, 'vie')) ?? [];
  const wanted = department.toLowerCase();
  const match = [...zh, ...en, ...vie].find((o) => o.code.toLowerCase() === wanted || o.label.toLowerCase() === wanted);
  if (!match)
    throw new OperatorError(`no department "${department}" at ${base} (one of: ${zh.map((o) => `${o.code} ${o.label}`).join(', ')})`);
  return match.code;
}

export async function approveVisit(ctx: OperatorContext, raw: unknown) {
  const input = visitInputs.approveVisit.parse(raw);
  const base = input.base.toUpperCase();
  const dept = await departmentCode(ctx.db, base, input.department);
  const zone = (await baseTimeZone(ctx.db, base)) ?? ctx.timeZone;
  const validFrom = instant(input.from, zone, false);
  const validUntil = instant(input.until, zone, true);
  if (validUntil <= validFrom) throw new OperatorError('--until must be after --from');
  const visit = {
    phone: input.phone,
    visitorName: input.name,
    baseCode: base,
    departmentCode: dept,
    host: input.host,
    reason: input.reason,
    validFrom,
    validUntil,
  };
  const id = await insertVisit(ctx.db, visit, ctx.now, ctx.timeZone);
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

/** The production bases with the zone their gate passes' days are in (`own`: the base names it; else the buyer's). */
export async function listBases(ctx: OperatorContext, raw: unknown) {
  visitInputs.listBases.parse(raw);
  const bases = await productionBases(ctx.db, 'zh-CN');
  return Promise.all(
    bases.map(async ({ code, label }) => {
      const own = await baseTimeZone(ctx.db, code);
      return { code, name: label, timeZone: own ?? ctx.timeZone, own: own !== null };
    }),
  );
}

export async function setBaseTimeZoneAction(ctx: OperatorContext, raw: unknown) {
  const input = visitInputs.setBaseTimeZone.parse(raw);
  const base = input.base.toUpperCase();
  const own = input.zone === 'default' ? null : input.zone;
  if (!(await setBaseTimeZone(ctx.db, base, own))) throw new OperatorError(`no production base "${input.base}"`);
  // Passes already issued keep their window; new approvals use this zone.
  return { code: base, timeZone: own ?? ctx.timeZone, own: own !== null };
}
