import { Code } from '../../../contract/codes';
import { quoteBlock } from '../../../contract/enquiry-values';
import type { EnquiryLine } from '../../../contract/schemas/enquiry';
import { isOpenTo } from '../../../contract/status-rules';
import type { Queryable } from '../../db/db';
import { findEnquiryFor, type EnquiryState } from '../../db/enquiry-repo';
import { ApiError, conflict, forbidden, invalid, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';

export interface EnquiringSupplier {
  supplierId: string;
  supplierName: string;
}

/**
 * The caller, if its status (read with the session, on this call) opens bargaining, the menu
 * entry whose calls these are (contract/status-rules.ts).
 */
export function enquiringSupplier(session: Session | null): EnquiringSupplier {
  if (!session) throw unauthorized();
  if (!isOpenTo('bargaining', session.status)) throw forbidden();
  return { supplierId: session.supplierId, supplierName: session.supplierName };
}

/** E404 "data lost": what an enquiry the caller is not invited to (or none) looks like. */
export const enquiryLost = () => new ApiError(Code.notFound, 'dataLost');

/** An enquiry the supplier is invited to (locked with `lock`), else E404 so none can be probed. */
export async function invitedEnquiry(db: Queryable, id: string, supplierId: string, at: Date, lock = false): Promise<EnquiryState> {
  const enquiry = await findEnquiryFor(db, id, supplierId, at, lock);
  if (!enquiry) throw enquiryLost();
  return enquiry;
}

/** quoteBlock with the bid service's clock: E409 with its reason. */
export function ensureQuotable(enquiry: EnquiryState, round: number, at: Date): void {
  const block = quoteBlock(enquiry, round, at.getTime());
  if (block) throw conflict(block);
}

/**
 * The quote's lines are exactly the enquiry's, each once: a missing, duplicated or unknown line
 * is quoteLinesMismatch on the first line at fault (or on `lines` for a missing one). Answers
 * the prices in line order with each line's quantity.
 */
export function matchLines(
  given: ReadonlyArray<{ lineId: string; price: string }>,
  lines: readonly EnquiryLine[],
): Array<{ lineId: string; price: string; quantity: string }> {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const prices = new Map<string, string>();
  given.forEach((g, i) => {
    if (!byId.has(g.lineId) || prices.has(g.lineId)) throw invalid(`lines.${i}.lineId`, 'quoteLinesMismatch');
    prices.set(g.lineId, g.price);
  });
  if (prices.size !== lines.length) throw invalid('lines', 'quoteLinesMismatch');
  return lines.map((l) => ({ lineId: l.id, price: prices.get(l.id)!, quantity: l.quantity }));
}
