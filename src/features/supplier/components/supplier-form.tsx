import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@/api/errors';
import { toast } from '@/ui/toast';
import { fieldId, type AccountValues, type SupplierFormValues } from '../supplier-form-values';
import { useSupplierForm, type SupplierForm as Form, type SupplierFormMode } from '../use-supplier-form';
import { AccountSection } from './account-section';
import { AttachmentsSection } from './attachments-section';
import { BankSection } from './bank-section';
import { BasicInfoSection } from './basic-info-section';
import { ContactSection } from './contact-section';
import { CooperationSection } from './cooperation-section';

interface SupplierFormProps {
  mode: SupplierFormMode;
  initial: SupplierFormValues;
  initialAccount: AccountValues;
  /** Sends the checked payload; a thrown ApiError is shown in place, the input is kept. */
  onSubmit: (payload: ReturnType<Form['payload']>) => Promise<void>;
  submitLabel: ReactNode;
  busyLabel: ReactNode;
  /** Extra actions beside submit (cancel, back). */
  actions?: ReactNode;
}

function focusField(path: string | undefined) {
  if (!path) return;
  const el = document.getElementById(fieldId(path));
  el?.focus();
  el?.scrollIntoView?.({ block: 'center' });
}

export function SupplierForm({ mode, initial, initialAccount, onSubmit, submitLabel, busyLabel, actions }: SupplierFormProps) {
  const { t } = useLingui();
  const form = useSupplierForm(mode, initial, initialAccount);
  const [busy, setBusy] = useState(false);
  const [problemCount, setProblemCount] = useState(0);
  const [serverError, setServerError] = useState('');
  const summaryRef = useRef<HTMLDivElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const problems = form.validate();
    setProblemCount(problems.length);
    if (problems.length > 0) {
      // On a phone the summary bar is far below; the toast tells the count wherever the user is.
      toast.warning(t`还有 ${problems.length} 处需要修改，请检查标红的字段`);
      focusField(problems[0]);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(form.payload());
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'business') return;
      const fromServer = form.showServerErrors(error.fieldErrors);
      setProblemCount(fromServer.length);
      if (fromServer.length > 0) focusField(fromServer[0]);
      else {
        setServerError(error.message);
        summaryRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  // Count what is still wrong, so the summary shrinks as the user fixes fields.
  const remaining = Object.keys(form.errors).length;
  const showSummary = problemCount > 0 && remaining > 0;

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4 sm:space-y-6">
      {mode === 'register' && <AccountSection form={form} />}
      <BasicInfoSection form={form} />
      <ContactSection form={form} />
      <CooperationSection form={form} />
      <BankSection form={form} />
      <AttachmentsSection form={form} />

      <div className="card z-10 sm:sticky sm:bottom-0 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div ref={summaryRef} tabIndex={-1} className="min-w-0 text-sm outline-none" aria-live="polite">
          {showSummary ? (
            <p className="font-medium text-red-700">
              <Plural value={remaining} one="还有 # 处需要修改，请检查标红的字段" other="还有 # 处需要修改，请检查标红的字段" />
            </p>
          ) : serverError ? (
            <p role="alert" className="font-medium text-red-700">
              {serverError}
            </p>
          ) : (
            <p className="text-slate-500">
              <Trans>带 * 的为必填项</Trans>
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {actions}
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </div>
    </form>
  );
}
