import { message } from '@/locales/wire';
import type { Locale } from '@contract/locales';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { actionBlock, type TenderAction } from '@contract/tender-values';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { canAccess } from '@/api/access';

/**
 * The supplier's actions on a record, in the order SPEC.md section 2 lists them (after 查看详情);
 * replacing and withdrawing a submitted bid after the upload (docs/decisions/bid-versions.md).
 */
export type RecordAction = 'deposit' | 'bid' | 'replace' | 'withdraw' | 'refund' | 'communicate' | 'visit';

type WriteAction = 'deposit' | 'bid' | 'replace' | 'withdraw' | 'refund';
const WRITE: Record<WriteAction, TenderAction> = {
  deposit: 'payDeposit',
  bid: 'submitBid',
  replace: 'replaceBid',
  withdraw: 'withdrawBid',
  refund: 'applyRefund',
};

export interface ActionContext {
  /** The bid service's clock (see src/ui/server-clock.ts). */
  now: number;
  /** Something of this record still waits in the outbox. */
  waiting: boolean;
  /** The supplier's status (A101, A104, A141) from the session. */
  supplierStatus: string | undefined;
}

/**
 * Why each action is closed on this record now (a sentence for the supplier), or null when
 * it is open. The write actions follow the contract's table (actionBlock) and wait while an
 * earlier write of the record is still in the outbox: a second one would act on a state the
 * bid service has not seen yet.
 */
export function actionReasons(
  record: TenderRecordSummary,
  { now, waiting, supplierStatus }: ActionContext,
): Record<RecordAction, string | null> {
  const locale = i18n.locale as Locale;
  const write = (action: keyof typeof WRITE) => {
    if (waiting) return i18n._(msg`该记录有尚未发送的操作，发送完成后才能继续`);
    const key = actionBlock(WRITE[action], record, now);
    return key ? message(key, locale) : null;
  };
  return {
    deposit: write('deposit'),
    bid: write('bid'),
    replace: write('replace'),
    withdraw: write('withdraw'),
    refund: write('refund'),
    // Communication records are for status A104 only (SPEC.md section 2).
    communicate: canAccess('communicateRecord', supplierStatus) ? null : i18n._(msg`当前供应商状态不能发起沟通`),
    visit: null,
  };
}

/**
 * Whether replacing and withdrawing the bid are offered on a record at all: while a bid stands
 * and the cut-off has not passed by the bid service's clock as this device knows it (the bid
 * service decides when the write arrives). Elsewhere they are not shown: they are a choice, not
 * a step every record goes through, and after the cut-off the bid that stands is final. While a
 * write of the record waits in the outbox they stay, closed with that reason (`actionReasons`).
 */
export function bidChangeOffered(record: Pick<TenderRecordSummary, 'status' | 'cutoffTime' | 'bidVersion'>, now: number): boolean {
  // A replacement or a withdrawal names the version that stands; without it there is nothing to name.
  return record.status === 'bidSubmitted' && typeof record.bidVersion === 'number' && Date.parse(record.cutoffTime) > now;
}

/**
 * Where a supplier turns with a question about an action that is closed: "发起沟通" only where its
 * status has communication records (A104), else to the buyer in general words.
 */
export function questionHint(supplierStatus: string | undefined): string {
  return canAccess('communicateRecord', supplierStatus)
    ? i18n._(msg`如有疑问，请通过“发起沟通”联系采购方。`)
    : i18n._(msg`如有疑问，请联系采购方。`);
}
