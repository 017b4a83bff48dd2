import { Code } from '../../../contract/codes';
import type { MessageKey } from '../../../contract/messages';
import { actionBlock, type TenderAction } from '../../../contract/schemas/tender';
import { isOpenTo } from '../../../contract/status-rules';
import { depositMatchesRequired } from '../../../contract/tender-values';
import type { Queryable } from '../../db/db';
import { findRecord, type TenderRecord } from '../../db/tender-repo';
import { ApiError, conflict, forbidden, invalid, unauthorized } from '../../http/api-error';
import type { Session } from '../../http/context';

export interface TenderingSupplier {
  supplierId: string;
  supplierCode: string;
  supplierName: string;
}

/**
 * The caller, if its status (read with the session, on this call) opens bid management
 * (contract/status-rules.ts). `refusal` is the message of the E403: signing up says why, other
 * calls plainly refuse.
 */
export function tenderingSupplier(session: Session | null, refusal: MessageKey = 'forbidden'): TenderingSupplier {
  if (!session) throw unauthorized();
  if (!isOpenTo('tenderManagement', session.status)) throw new ApiError(Code.forbidden, refusal);
  return { supplierId: session.supplierId, supplierCode: session.supplierCode, supplierName: session.supplierName };
}

/** The `supplierCode` a write carries must be the caller's own (SPEC.md section 5 requires it). */
export function ensureOwnCode(given: string, supplier: TenderingSupplier): void {
  if (given !== supplier.supplierCode) throw forbidden();
}

/**
 * The caller's record. Another supplier's record, an unknown id and a malformed one are the same
 * E404 "data lost", so record ids cannot be probed.
 */
export async function ownRecord(db: Queryable, id: string, supplierId: string, lock = false): Promise<TenderRecord> {
  const record = await findRecord(db, id, lock);
  if (!record || record.supplierId !== supplierId) throw new ApiError(Code.notFound, 'dataLost');
  return record;
}

/** TENDER_TRANSITIONS as the portal reads them: E409 with the reason `actionBlock` gives. */
export function ensureOpen(action: TenderAction, record: TenderRecord, at: Date): void {
  const { status, depositConfirmed, cutoffTime } = record.detail;
  const block = actionBlock(action, { status, depositConfirmed, cutoffTime }, at.getTime());
  if (block) throw conflict(block);
}

/** Today's date where it is latest on Earth (UTC+14): a payment made today anywhere is not "future". */
export const latestToday = (at: Date) => new Date(at.getTime() + 14 * 3600_000).toISOString().slice(0, 10);

/** The declared deposit must be the notice's, paid on a day that has begun somewhere. */
export function checkDeposit(input: { amount: number; paymentDate: string }, record: TenderRecord, at: Date): void {
  if (!depositMatchesRequired(input.amount, record.detail.requiredDeposit)) throw invalid('amount', 'depositAmountMismatch');
  if (input.paymentDate > latestToday(at)) throw invalid('paymentDate', 'paymentDateFuture');
}

/**
 * One group per certificate the notice requires, in the notice's order: a group the notice does
 * not ask for (or a second one of a name) is refused, a missing one is "certificate required".
 */
export function orderedCertificates<G extends { name: string }>(groups: G[], required: string[]): G[] {
  const seen = new Set<string>();
  groups.forEach((group, i) => {
    if (!required.includes(group.name) || seen.has(group.name)) throw invalid(`certificates.${i}.name`, 'choiceInvalid');
    seen.add(group.name);
  });
  if (required.some((name) => !seen.has(name))) throw invalid('certificates', 'certificateRequired');
  return required.map((name) => groups.find((g) => g.name === name)!);
}
