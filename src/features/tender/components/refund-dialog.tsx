import type { Locale } from '@contract/locales';
import { REFUND_REMARK_MAX, tenderApplyRefundRequest, type TenderRecordSummary } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { fieldErrors } from '@/api/validation';
import { useMendEntry, type MendedEntry } from '@/offline/use-mend-entry';
import { confirmDialog } from '@/ui/confirm';
import { Dialog } from '@/ui/dialog';
import { FieldError, FormAlert } from '@/ui/field';
import { Money } from '@/ui/money';
import { queueRefund } from '../api/apply-refund';
import { mendedWrite } from '../tender-thread';
import { announceSubmissionQueued, queueFailureText } from '@/ui/announce-queued';

interface RefundDialogProps {
  open: boolean;
  record: TenderRecordSummary;
  supplierId: string;
  supplierCode: string;
  /** The id of the refused refund entry to mend: the dialog opens with its remark. */
  mend?: string | undefined;
  onClose: () => void;
}

/**
 * 申请退还保证金: an optional remark, then the confirmation that a submission cannot be edited
 * (SPEC.md section 8, as the deposit dialog asks it); the request waits in the outbox and goes
 * once, when it can. Problems show in the dialog: a toast would sit under its backdrop. To mend
 * a refund the bid service refused, it opens once that entry is read, with what it held.
 */
export function RefundDialog({ open, mend, ...props }: RefundDialogProps) {
  const mending = useMendEntry(open ? mend : undefined);
  if (!open || mending === undefined) return null;
  return <RefundDialogBody {...props} mending={mendedWrite(mending, 'tenderApplyRefund', props.record.id)} />;
}

function RefundDialogBody({
  record,
  supplierId,
  supplierCode,
  mending,
  onClose,
}: Omit<RefundDialogProps, 'open' | 'mend'> & { mending: MendedEntry | null }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const remarkId = `${id}-remark`;
  // A mended remark comes back whole: one too long is said under the field, not cut short.
  const [remark, setRemark] = useState(() => {
    const kept = mending?.entry.payload.remark;
    return typeof kept === 'string' ? kept : '';
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const refusal = mending?.entry.lastError?.message ?? '';
  // The contract's rules, as the bid service runs them: the supplier code (SPEC.md section 5; a
  // session without it cannot ask) and the remark (no control characters, REFUND_REMARK_MAX).
  const problemsOf = (value: string) =>
    fieldErrors(tenderApplyRefundRequest, { tenderRecordId: record.id, supplierCode, remark: value }, i18n.locale as Locale);
  // Shown after the first submit, then as the supplier corrects.
  const remarkError = attempted ? problemsOf(remark).remark : undefined;

  const confirm = async () => {
    setAttempted(true);
    const found = problemsOf(remark);
    // The record and the session belong to no field.
    setProblem(found.supplierCode ?? found.tenderRecordId ?? null);
    if (found.remark) document.getElementById(remarkId)?.focus();
    if (Object.keys(found).length > 0) return false;
    const sure = await confirmDialog({ title: t`提交退还申请`, message: t`提交后不能修改，确定提交吗？`, confirmLabel: t`提交` });
    if (!sure) return false;
    try {
      await queueRefund({ supplierId, supplierCode, record, remark, ...(mending ? { replaces: mending.entry.id } : {}) });
    } catch (error) {
      setProblem(queueFailureText(error));
      return false;
    }
    announceSubmissionQueued(globalThis.navigator?.onLine ?? true);
    return true;
  };

  return (
    <Dialog open title={t`申请退还保证金`} onClose={onClose} onConfirm={confirm} confirmLabel={t`提交申请`}>
      <div className="space-y-4 text-sm">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
          <dt className="text-slate-500">
            <Trans>招标编号</Trans>
          </dt>
          <dd className="break-all tabular-nums">{record.tenderNo}</dd>
          <dt className="text-slate-500">
            <Trans>标题</Trans>
          </dt>
          <dd className="break-words">{record.title}</dd>
          <dt className="text-slate-500">
            <Trans>已缴保证金</Trans>
          </dt>
          <dd>
            <Money value={record.depositAmount} currency={record.currency} />
          </dd>
        </dl>
        {refusal ? (
          <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800">
            <Trans>上次提交被投标服务退回：{refusal}。请修改后重新提交。</Trans>
          </p>
        ) : null}
        <div>
          <label htmlFor={remarkId} className="label">
            <Trans>备注（选填）</Trans>
          </label>
          <textarea
            id={remarkId}
            className="input"
            rows={3}
            maxLength={REFUND_REMARK_MAX}
            value={remark}
            aria-invalid={remarkError ? true : undefined}
            aria-describedby={remarkError ? `${remarkId}-error ${id}-count` : `${id}-count`}
            onChange={(e) => setRemark(e.target.value)}
          />
          <p id={`${id}-count`} className="field-hint text-right tabular-nums">
            {remark.length} / {REFUND_REMARK_MAX}
          </p>
          <FieldError id={remarkId} error={remarkError} />
        </div>
        <FormAlert message={problem} />
      </div>
    </Dialog>
  );
}
