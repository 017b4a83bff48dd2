import type { MessageKey } from '@contract/messages';
import { isoDate } from '@contract/rules';
import { DEPOSIT_TYPES, tenderPayDepositRequest, type DepositType, type TenderRecordSummary } from '@contract/schemas/tender';
import { depositMatchesRequired } from '@contract/tender-values';
import { useEffect, useMemo, useRef, useState } from 'react';
import { supplierOwner } from '@/offline/db';
import { setUnsaved } from '@/offline/unsaved';
import { useDraft } from '@/offline/use-draft';
import type { MendedEntry } from '@/offline/use-mend-entry';
import { useValidatedForm } from '@/ui/use-validated-form';

export type DepositValues = { depositType: DepositType | ''; amount: string; paymentDate: string };

/** Screen order: the first field with a problem gets the focus. */
export const DEPOSIT_FIELDS = ['depositType', 'amount', 'paymentDate', 'remittanceSlip'] as const;
export const depositFieldId = (name: string) => `deposit-${name}`;

const two = (n: number) => String(n).padStart(2, '0');
/** Today on the device's calendar, YYYY-MM-DD (what a date input's `max` takes). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** The form's values of a deposit the outbox holds (the one being mended); what is missing stays as in `fallback`. */
function valuesOf(payload: Record<string, unknown>, fallback: DepositValues): DepositValues {
  const { depositType, amount, paymentDate } = payload;
  return {
    depositType: DEPOSIT_TYPES.includes(depositType as DepositType) ? (depositType as DepositType) : fallback.depositType,
    amount: typeof amount === 'number' ? amount.toFixed(2) : fallback.amount,
    paymentDate: typeof paymentDate === 'string' ? paymentDate : fallback.paymentDate,
  };
}

/** Only the presence of the slip is checked here; the file itself goes to the outbox, not the schema. */
const LOCAL_SLIP = { name: 'slip', url: 'local', path: 'local' };

/**
 * The contract's schema plus what it cannot know alone: the amount this notice requires (the bid
 * service refuses another, and the supplier should hear it while typing, not after the next
 * sync), and today's date, read at each check so it follows the calendar if the dialog stays
 * open past midnight.
 */
function depositSchema(requiredDeposit: number) {
  return tenderPayDepositRequest.extend({
    amount: tenderPayDepositRequest.shape.amount.refine((amount) => depositMatchesRequired(amount, requiredDeposit), {
      error: 'depositAmountMismatch' satisfies MessageKey,
    }),
    paymentDate: isoDate().refine((date) => date <= localToday(), { error: 'paymentDateFuture' satisfies MessageKey }),
  });
}

/**
 * The deposit form's values, checks and draft. The amount starts at what the notice requires,
 * with two decimals; the text fields are kept as a draft per record on this device (drafts
 * keep text, not files: the slip is chosen again after a reload).
 */
export function useDepositForm(record: TenderRecordSummary, supplierId: string, supplierCode: string, mending: MendedEntry | null = null) {
  const prefill = record.requiredDeposit > 0 ? record.requiredDeposit.toFixed(2) : '';
  const empty: DepositValues = { depositType: '', amount: prefill, paymentDate: '' };
  const [initial] = useState<DepositValues>(() => (mending ? valuesOf(mending.entry.payload, empty) : empty));
  const mendedSlip = mending?.files.remittanceSlip?.[0] ?? null;
  const [slip, setSlipState] = useState<File | null>(mendedSlip);
  const slipRef = useRef<File | null>(mendedSlip);
  const schema = useMemo(() => depositSchema(record.requiredDeposit), [record.requiredDeposit]);
  const form = useValidatedForm<DepositValues>(schema, initial, (v) => ({
    tenderRecordId: record.id,
    supplierCode,
    depositType: v.depositType || undefined,
    amount: v.amount.trim() === '' ? undefined : Number(v.amount),
    paymentDate: v.paymentDate,
    remittanceSlip: slipRef.current ? [LOCAL_SLIP] : [],
  }));
  // A mended entry is its own record of what was typed: no draft beside it.
  const draft = useDraft(
    `tender-deposit:${record.id}`,
    supplierId && !mending ? supplierOwner(supplierId) : null,
    form.values,
    form.reset,
    {
      isEmpty: (v) => !v.depositType && !v.paymentDate && v.amount === prefill,
    },
  );

  // Drafts keep no files: a chosen slip alone still counts as unsaved work (an update waits for it).
  const slipKey = `tender-deposit-slip:${record.id}`;
  useEffect(() => {
    setUnsaved(slipKey, slip !== null);
    return () => setUnsaved(slipKey, false);
  }, [slipKey, slip]);

  const setSlip = (file: File | null) => {
    slipRef.current = file;
    setSlipState(file);
    // The slip is no form value, so clear its message here once one is chosen.
    if (file) form.setErrors(({ remittanceSlip: _gone, ...rest }) => rest);
  };

  const clear = async () => {
    form.reset(empty);
    setSlip(null);
    await draft.clear();
  };

  return { form, draft, slip, setSlip, clear };
}
