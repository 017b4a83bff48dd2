import type { Locale } from '@contract/locales';
import { actionBlock, DEPOSIT_TYPES, type DepositType, type TenderRecordSummary } from '@contract/schemas/tender';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { message } from '@/locales/wire';
import { useMendEntry, type MendedEntry } from '@/offline/use-mend-entry';
import { useConnectivity } from '@/offline/use-outbox';
import { confirmDialog } from '@/ui/confirm';
import { Dialog } from '@/ui/dialog';
import { Field, fieldProps, FormAlert } from '@/ui/field';
import { formatMoney } from '@/ui/format';
import { NumericInput } from '@/ui/numeric-input';
import { useServerNow } from '@/ui/server-clock';
import { focusFirstError } from '@/ui/use-validated-form';
import { queuePayDeposit } from '../api/pay-deposit';
import { mendedWrite } from '../tender-thread';
import { DEPOSIT_TYPE_LABEL } from '../tender-labels';
import { questionHint } from '../action-states';
import { readSession } from '@/api/session';
import { announceSubmissionQueued, queueFailureText } from '@/ui/announce-queued';
import { DEPOSIT_FIELDS, depositFieldId as idOf, localToday, useDepositForm } from './deposit-form-state';
import { DepositSlipField } from './deposit-slip-field';

export interface DepositDialogProps {
  open: boolean;
  record: TenderRecordSummary;
  supplierId: string;
  supplierCode: string;
  /** The id of the refused deposit entry to mend: the dialog opens with its values and slip. */
  mend?: string | undefined;
  /** How far the bid service's clock is ahead of this device's (see src/ui/server-clock.ts). */
  clockOffset?: number | undefined;
  onClose: () => void;
}

/**
 * Pay deposit (SPEC.md section 2, "a dialog"): the form exists only while the dialog is open. To
 * mend a deposit the bid service refused, it opens once that entry is read, with what it held.
 */
export function DepositDialog({ open, mend, ...props }: DepositDialogProps) {
  const mending = useMendEntry(open ? mend : undefined);
  if (!open || mending === undefined) return null;
  return <DepositDialogBody {...props} mending={mendedWrite(mending, 'tenderPayDeposit', props.record.id)} />;
}

function DepositDialogBody({
  record,
  supplierId,
  supplierCode,
  mending,
  clockOffset = 0,
  onClose,
}: Omit<DepositDialogProps, 'open' | 'mend'> & { mending: MendedEntry | null }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  // Checked when it opened; the cut-off may pass while it stays open (the bid service's clock).
  const now = useServerNow(clockOffset);
  // The latest moment a confirm looked at, ahead of the 30 s tick.
  const [checkedAt, setCheckedAt] = useState(0);
  const blockOf = (at: number) => actionBlock('payDeposit', record, at);
  const block = blockOf(Math.max(now, checkedAt));
  /** Closed now (checked at each step of the confirm): said in the dialog, what was typed stays. */
  const closedNow = () => {
    const at = Date.now() + clockOffset;
    if (!blockOf(at)) return false;
    setCheckedAt(at);
    return true;
  };
  const { online } = useConnectivity();
  const { form, draft, slip, setSlip, clear } = useDepositForm(record, supplierId, supplierCode, mending);
  const refusal = mending?.entry.lastError?.message ?? '';
  const { values, errors } = form;
  const [failure, setFailure] = useState('');
  // Offline the dictionary may never have been loaded: the three codes are the contract's, so
  // the portal's own labels stand in and the dialog still works.
  const dictionary = useQuery(dictionaryQueryOptions('depositType', locale));
  const labelOf = (code: DepositType) => dictionary.data?.find((o) => o.code === code)?.label ?? i18n._(DEPOSIT_TYPE_LABEL[code]);
  // The bid service's wire messages about the record or the session belong to no field.
  const recordProblem = errors.tenderRecordId ?? errors.supplierCode ?? '';
  const required = formatMoney(record.requiredDeposit, locale, record.currency);
  const currency = record.currency;

  /** The before-close check: valid, confirmed, then written to the outbox; false keeps the dialog open. */
  const confirm = async (): Promise<boolean> => {
    setFailure('');
    if (closedNow()) return false;
    const problems = await form.validate();
    if (Object.keys(problems).length > 0) {
      focusFirstError(DEPOSIT_FIELDS, problems, idOf);
      return false;
    }
    const sure = await confirmDialog({ title: t`提交保证金`, message: t`提交后不能修改，确定提交吗？`, confirmLabel: t`提交` });
    if (!sure || !slip || !values.depositType || closedNow()) return false;
    try {
      await queuePayDeposit({
        supplierId,
        supplierCode,
        record,
        depositType: values.depositType,
        amount: Number(values.amount),
        paymentDate: values.paymentDate,
        remittanceSlip: slip,
        ...(mending ? { replaces: mending.entry.id } : {}),
      });
    } catch (error) {
      setFailure(queueFailureText(error));
      return false;
    }
    await clear();
    announceSubmissionQueued(online);
    return true;
  };

  return (
    <Dialog open title={t`缴纳保证金`} onClose={onClose} onConfirm={confirm} confirmLabel={t`提交`}>
      <div className="space-y-4">
        <p className="text-sm text-slate-600">
          <span className="font-mono">{record.tenderNo}</span> {record.title}
        </p>
        {refusal ? (
          <p role="note" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <Trans>上次提交被投标服务退回：{refusal}。请修改后重新提交。</Trans>
          </p>
        ) : null}
        {block ? (
          <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            <p className="font-medium">{message(block, locale)}</p>
            <p>{questionHint(readSession()?.status)}</p>
          </div>
        ) : null}
        <FormAlert message={recordProblem || failure} />
        <Field id={idOf('depositType')} label={t`保证金类型`} required error={errors.depositType}>
          <select
            {...fieldProps(idOf('depositType'), errors.depositType)}
            className="input"
            value={values.depositType}
            onChange={(e) => form.setValue('depositType', e.target.value as DepositType | '')}
            onBlur={() => void form.blur('depositType')}
          >
            <option value="">{t`请选择`}</option>
            {DEPOSIT_TYPES.map((code) => (
              <option key={code} value={code}>
                {labelOf(code)}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idOf('amount')} label={t`缴纳金额（${currency}）`} required error={errors.amount} hint={t`招标公告要求：${required}`}>
          <NumericInput
            {...fieldProps(idOf('amount'), errors.amount, true)}
            id={idOf('amount')}
            precision={2}
            value={values.amount}
            onChange={(v) => form.setValue('amount', v)}
            onBlur={() => void form.blur('amount')}
          />
        </Field>
        <Field id={idOf('paymentDate')} label={t`付款日期`} required error={errors.paymentDate}>
          <input
            {...fieldProps(idOf('paymentDate'), errors.paymentDate)}
            type="date"
            className="input"
            max={localToday()}
            value={values.paymentDate}
            onChange={(e) => form.setValue('paymentDate', e.target.value)}
            onBlur={() => void form.blur('paymentDate')}
          />
        </Field>
        <DepositSlipField id={idOf('remittanceSlip')} value={slip} onChange={setSlip} error={errors.remittanceSlip} />
        {draft.savedAt ? (
          <p className="text-xs text-slate-500">
            <Trans>草稿已自动保存在本设备（不含汇款凭证）</Trans>
          </p>
        ) : null}
        {online ? null : (
          <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <Trans>当前离线：保证金会先保存在本设备，联网后自动提交（截止时间前须送达）。</Trans>
          </p>
        )}
      </div>
    </Dialog>
  );
}
