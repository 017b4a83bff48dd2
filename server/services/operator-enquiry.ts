import { z } from 'zod';
import { ENQUIRY_CLOSING_STATUSES, lineTotal, priceProblem, QUANTITY_RE, toUnits, QUANTITY_DECIMALS } from '../../contract/enquiry-values';
import { isValidDate } from '../../contract/rules';
import { isOpenTo } from '../../contract/status-rules';
import { dayIn, parseBusinessTime } from '../../contract/time-zone';
import type { Queryable } from '../db/db';
import { enquiryNoExists, findEnquiryForBuyer, listEnquiriesForBuyer, targetPricesOf, type BuyerEnquiry } from '../db/enquiry-buyer-repo';
import { linesOf, quotesOf, roundsOf } from '../db/enquiry-repo';
import { closeEnquiry as closeWrite, insertEnquiry, lineIdsByMaterial, openRound as openWrite } from '../db/enquiry-writes';
import { findSupplierByHandle, listSuppliers } from '../db/supplier-repo';
import { isDictionaryCode } from '../db/visit-repo';
import { OperatorError, type OperatorContext } from './operator-errors';

/**
 * The buyer's side of enquiries (cli.ts): send an enquiry to suppliers, open bargaining rounds
 * with new deadlines and target prices, close it with a business status, and read every
 * supplier's quotes. Prices and quantities are exact decimal texts (a JSON number is taken as
 * the text it is written as); contract/enquiry-values.ts checks them as it checks the supplier's.
 */

const handle = z.string().trim().min(1).max(64);
const text = (max: number) => z.string().trim().max(max);

/** A decimal given as a JSON number or a text, kept as its exact text. */
const decimalText = () => z.union([z.string(), z.number().finite()]).transform((v) => String(v).trim());
const quantity = decimalText().refine(
  (v) => QUANTITY_RE.test(v) && toUnits(v, QUANTITY_DECIMALS) > 0n,
  'a quantity above 0 with at most three decimals',
);
const price = decimalText().refine((v) => priceProblem(v) === null, 'a price above 0 with at most two decimals, up to 9999999999.99');

/** A time the operator writes: with no offset, on the buyer's clock (contract/time-zone.ts). */
const businessTime = z
  .string()
  .trim()
  .refine(
    (v) => parseBusinessTime(v, 'UTC') !== null,
    'a date (YYYY-MM-DD) or ISO 8601 time, such as 2026-12-10T18:00 or 2026-12-10T18:00:00+08:00',
  );
const at = (value: string, zone: string) => parseBusinessTime(value, zone)!;

/** The deadline: a time, or `hours` from now (negative for tests of missed rounds). */
const deadlineInputs = {
  deadline: businessTime.optional(),
  hours: z.coerce.number().finite().min(-8760).max(8760).optional(),
};
const oneDeadline = (i: { deadline?: string; hours?: number }) => (i.deadline === undefined) !== (i.hours === undefined);
const deadlineOf = (i: { deadline?: string; hours?: number }, now: Date, zone: string) =>
  i.deadline !== undefined ? at(i.deadline, zone) : new Date(now.getTime() + i.hours! * 3600_000);

/** An enquiry named by id or by enquiry no. */
const which = { id: handle.optional(), enquiryNo: handle.optional() };
const oneOfWhich = (i: { id?: string; enquiryNo?: string }) => (i.id === undefined) !== (i.enquiryNo === undefined);

const line = z.object({
  materialNo: text(64).min(1),
  name: text(200).min(1),
  specification: text(200).default(''),
  unit: text(32).min(1),
  brand: text(100).default(''),
  quantity,
  expectedPrice: price.nullish(),
  packageSpecification: text(200).default(''),
});

const isoDay = z.string().trim().refine(isValidDate, 'a date YYYY-MM-DD');

export const enquiryInputs = {
  createEnquiry: z
    .object({
      theme: text(200).min(1),
      suppliers: z.array(handle).min(1).max(100),
      lines: z.array(line).min(1).max(5000),
      ...deadlineInputs,
      currency: text(8).min(1).default('CNY'),
      priceIncludesTax: z.boolean().default(true),
      effectiveTime: businessTime.optional(),
      expiryTime: businessTime.optional(),
      remark: text(500).default(''),
      vatType: text(100).default('13% 增值税'),
      warrantyPeriod: text(100).default('12 个月'),
      warrantyMethod: text(200).default('质量问题免费退换'),
      transportType: text(100).default('汽运'),
      deliveryDate: isoDay.optional(),
      invoiceType: text(100).default('增值税专用发票'),
      paymentType: text(100).default('月结 60 天'),
      deliveryType: text(100).default('送货上门'),
      unloadingMethod: text(100).default('供应商负责卸货'),
      promoter: text(64).min(1).default('采购部'),
    })
    .refine(oneDeadline, 'give --deadline or --hours, one of them')
    .refine((i) => new Set(i.lines.map((l) => l.materialNo)).size === i.lines.length, 'each material no once per enquiry'),
  openRound: z
    .object({
      ...which,
      ...deadlineInputs,
      targetPrices: z.record(z.string(), price).default({}),
      promoter: text(64).min(1).default('采购部'),
    })
    .refine(oneOfWhich, 'give --id or --enquiry-no, one of them')
    .refine(oneDeadline, 'give --deadline or --hours, one of them'),
  closeEnquiry: z
    .object({ ...which, status: z.enum(ENQUIRY_CLOSING_STATUSES) })
    .refine(oneOfWhich, 'give --id or --enquiry-no, one of them'),
  listEnquiries: z.object({ supplier: handle.optional() }),
  listQuotes: z.object(which).refine(oneOfWhich, 'give --id or --enquiry-no, one of them'),
};

/** XJ + the buyer's date + six digits of the clock; the next free number when that one is taken. */
export async function newEnquiryNo(db: Queryable, now: Date, zone: string): Promise<string> {
  const prefix = `XJ${dayIn(now, zone).replaceAll('-', '')}`;
  for (let n = now.getTime() % 1_000_000; ; n = (n + 1) % 1_000_000) {
    const enquiryNo = `${prefix}${String(n).padStart(6, '0')}`;
    if (!(await enquiryNoExists(db, enquiryNo))) return enquiryNo;
  }
}

async function enquiryNamed(db: Queryable, i: { id?: string; enquiryNo?: string }, lock = false): Promise<BuyerEnquiry> {
  const found = await findEnquiryForBuyer(db, i, lock);
  if (!found) throw new OperatorError(i.id !== undefined ? `no enquiry with id "${i.id}"` : `no enquiry with enquiry no "${i.enquiryNo}"`);
  return found;
}

const mustBargain = (e: BuyerEnquiry) => {
  if (e.businessStatus !== 'bargaining') throw new OperatorError(`enquiry ${e.enquiryNo} is ${e.businessStatus}, not bargaining`);
};

const DAY_MS = 86_400_000;

export async function createEnquiry(ctx: OperatorContext, raw: unknown) {
  const input = enquiryInputs.createEnquiry.parse(raw);
  const { db, now, timeZone } = ctx;
  if (!(await isDictionaryCode(db, 'currency', input.currency)))
    throw new OperatorError(`no currency "${input.currency}" in the currency dictionary`);
  const supplierIds = new Set<string>();
  for (const name of input.suppliers) {
    const found = await findSupplierByHandle(db, name);
    if (!found) throw new OperatorError(`no supplier with username or code "${name}"`);
    // A status bargaining is closed to (contract/status-rules.ts) would never see the invitation.
    const { username, status } = found.supplier;
    if (!isOpenTo('bargaining', status)) throw new OperatorError(`${username} is in status ${status} and cannot see enquiries`);
    supplierIds.add(found.supplier.supplierId);
  }
  const deadline = deadlineOf(input, now, timeZone);
  const effectiveTime = input.effectiveTime ? at(input.effectiveTime, timeZone) : now;
  const expiryTime = input.expiryTime ? at(input.expiryTime, timeZone) : new Date(effectiveTime.getTime() + 90 * DAY_MS);
  if (expiryTime < effectiveTime) throw new OperatorError('the expiry time is before the effective time');
  return db.transaction(async (tx) => {
    const enquiryNo = await newEnquiryNo(tx, now, timeZone);
    const { id } = await insertEnquiry(
      tx,
      {
        ...input,
        enquiryNo,
        effectiveTime,
        expiryTime,
        deliveryDate: input.deliveryDate ?? dayIn(new Date(now.getTime() + 30 * DAY_MS), timeZone),
        lines: input.lines.map((l) => ({ ...l, expectedPrice: l.expectedPrice ?? null })),
        supplierIds: [...supplierIds],
        deadline,
      },
      now,
    );
    return { id, enquiryNo, round: 1, deadline: deadline.toISOString() };
  });
}

/** bargaining, round n -> round n + 1 with a new deadline and, optionally, target prices by material no. */
export async function openRound(ctx: OperatorContext, raw: unknown) {
  const input = enquiryInputs.openRound.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const enquiry = await enquiryNamed(tx, input, true);
    mustBargain(enquiry);
    const lineIds = await lineIdsByMaterial(tx, enquiry.id);
    const targets = new Map<string, string>();
    for (const [materialNo, value] of Object.entries(input.targetPrices)) {
      const lineId = lineIds.get(materialNo);
      if (!lineId) throw new OperatorError(`enquiry ${enquiry.enquiryNo} has no line with material no "${materialNo}"`);
      targets.set(lineId, value);
    }
    const round = enquiry.round + 1;
    const deadline = deadlineOf(input, ctx.now, ctx.timeZone);
    await openWrite(tx, enquiry.id, { round, promoter: input.promoter, deadline, targets }, ctx.now);
    return { id: enquiry.id, enquiryNo: enquiry.enquiryNo, round, deadline: deadline.toISOString(), targetPrices: input.targetPrices };
  });
}

/** bargaining -> awarded / notAwarded / cancelled; a quote that arrives after it is refused (enquiryClosed). */
export async function closeEnquiry(ctx: OperatorContext, raw: unknown) {
  const input = enquiryInputs.closeEnquiry.parse(raw);
  return ctx.db.transaction(async (tx) => {
    const enquiry = await enquiryNamed(tx, input, true);
    mustBargain(enquiry);
    await closeWrite(tx, enquiry.id, input.status, ctx.now);
    return {
      id: enquiry.id,
      enquiryNo: enquiry.enquiryNo,
      round: enquiry.round,
      businessStatus: input.status,
      closedAt: ctx.now.toISOString(),
    };
  });
}

/** Every enquiry (of one supplier), newest first, with who quoted in the current round. */
export async function listEnquiries(ctx: OperatorContext, raw: unknown) {
  const input = enquiryInputs.listEnquiries.parse(raw);
  let enquiries = await listEnquiriesForBuyer(ctx.db);
  if (input.supplier) {
    const found = await findSupplierByHandle(ctx.db, input.supplier);
    if (!found) throw new OperatorError(`no supplier with username or code "${input.supplier}"`);
    enquiries = enquiries.filter((e) => e.suppliers.some((s) => s.supplierId === found.supplier.supplierId));
  }
  const out = [];
  for (const e of enquiries) {
    const quoted = new Set((await quotesOf(ctx.db, e.id, null)).filter((q) => q.round === e.round).map((q) => q.supplierId));
    out.push({
      ...e,
      suppliers: e.suppliers.map((s) => s.username),
      quotedThisRound: e.suppliers.filter((s) => quoted.has(s.supplierId)).map((s) => s.username),
    });
  }
  return out;
}

/** Every round of an enquiry with its target prices and every supplier's quote, line by line. */
export async function listQuotes(ctx: OperatorContext, raw: unknown) {
  const input = enquiryInputs.listQuotes.parse(raw);
  const enquiry = await enquiryNamed(ctx.db, input);
  const usernames = new Map((await listSuppliers(ctx.db)).map((s) => [s.supplierId, s.username]));
  const lines = await linesOf(ctx.db, enquiry.id, enquiry.round, null);
  const targets = await targetPricesOf(ctx.db, enquiry.id);
  const quotes = await quotesOf(ctx.db, enquiry.id, null);
  const rounds = await roundsOf(ctx.db, enquiry, ctx.now);
  return {
    id: enquiry.id,
    enquiryNo: enquiry.enquiryNo,
    theme: enquiry.theme,
    businessStatus: enquiry.businessStatus,
    round: enquiry.round,
    suppliers: enquiry.suppliers.map((s) => s.username),
    rounds: rounds.map((r) => {
      const inRound = quotes.filter((q) => q.round === r.round);
      const target = targets.get(r.round) ?? new Map<string, string>();
      return {
        ...r,
        targetPrices: Object.fromEntries(lines.filter((l) => target.has(l.id)).map((l) => [l.materialNo, target.get(l.id)!])),
        quotes: inRound.map(({ supplierId, lines: priced, ...q }) => ({
          supplier: usernames.get(supplierId) ?? supplierId,
          ...q,
          lines: priced.map((p) => {
            const l = lines.find((x) => x.id === p.lineId)!;
            return {
              lineNo: l.lineNo,
              materialNo: l.materialNo,
              name: l.name,
              unit: l.unit,
              quantity: l.quantity,
              price: p.price,
              amount: lineTotal(p.price, l.quantity),
            };
          }),
        })),
        notQuoted: enquiry.suppliers.filter((s) => !inRound.some((q) => q.supplierId === s.supplierId)).map((s) => s.username),
      };
    }),
  };
}
