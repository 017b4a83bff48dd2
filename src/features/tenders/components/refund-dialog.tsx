import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import type { TenderRecordSummary } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { confirmDialog } from '@/ui/confirm';
import { Dialog } from '@/ui/dialog';
import { FormAlert } from '@/ui/field';
import { Money } from '@/ui/money';
import { queueRefund, REFUND_REMARK_MAX } from '../api/apply-refund';
import { announceSubmissionQueued, queueFailureText } from '@/ui/announce-queued';

interface RefundDialogProps {
  open: boolean;
  record: TenderRecordSummary;
  supplierId: string;
  supplierCode: string;
  onClose: () => void;
}

/**
 * 申请退还保证金: an optional remark, then the confirmation that a submission cannot be edited
 * (SPEC.md section 8, as the deposit dialog asks it); the request waits in the outbox and goes
 * once, when it can. Problems show in the dialog: a toast would sit under its backdrop.
 */
export function RefundDialog({ open, record, supplierId, supplierCode, onClose }: RefundDialogProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    setProblem(null);
    // Required by the bid service (SPEC.md section 5); a session without it cannot ask.
    if (!supplierCode) {
      setProblem(message('supplierCodeMissing', i18n.locale as Locale));
      return false;
    }
    const sure = await confirmDialog({ title: t`提交退还申请`, message: t`提交后不能修改，确定提交吗？`, confirmLabel: t`提交` });
    if (!sure) return false;
    try {
      await queueRefund({ supplierId, supplierCode, record, remark });
    } catch (error) {
      setProblem(queueFailureText(error));
      return false;
    }
    announceSubmissionQueued(globalThis.navigator?.onLine ?? true);
    return true;
  };

  return (
    <Dialog open={open} title={t`申请退还保证金`} onClose={onClose} onConfirm={confirm} confirmLabel={t`提交申请`}>
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
        <div>
          <label htmlFor={`${id}-remark`} className="label">
            <Trans>备注（选填）</Trans>
          </label>
          <textarea
            id={`${id}-remark`}
            className="input"
            rows={3}
            maxLength={REFUND_REMARK_MAX}
            value={remark}
            aria-describedby={`${id}-count`}
            onChange={(e) => setRemark(e.target.value)}
          />
          <p id={`${id}-count`} className="field-hint text-right tabular-nums">
            {remark.length} / {REFUND_REMARK_MAX}
          </p>
        </div>
        <FormAlert message={problem} />
      </div>
    </Dialog>
  );
}
