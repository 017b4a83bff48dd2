import { Code } from '@contract/codes';
import { CODE_RESEND_SECONDS } from '@contract/limits';
import type { Locale } from '@contract/locales';
import { visitorCodeRequest, visitorQrRequest, type VisitPass } from '@contract/schemas/visitor';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/errors';
import { fieldErrors } from '@/api/validation';
import { Field, FormAlert, fieldProps } from '@/ui/field';
import { useResendCountdown } from '@/ui/use-resend-countdown';
import { getVisitPass } from '../api/get-pass';
import { getVisitorCode } from '../api/get-verification-code';

const PHONE_ID = 'visit-phone';
const CODE_ID = 'visit-code';

/** Phone, then a code by SMS, then the pass. `onPass` keeps it (IndexedDB) before it is shown. */
export function GetPassForm({ initialPhone = '', onPass }: { initialPhone?: string; onPass: (pass: VisitPass) => Promise<void> }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState('');
  const [notice, setNotice] = useState('');
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState(false);
  const countdown = useResendCountdown();

  const showError = (field: 'phone' | 'code', message: string | undefined) =>
    setErrors((e) => {
      const { [field]: _old, ...rest } = e;
      return message ? { ...rest, [field]: message } : rest;
    });

  async function sendCode() {
    setServerError('');
    const problem = fieldErrors(visitorCodeRequest, { phone }, locale).phone;
    showError('phone', problem);
    if (problem) {
      document.getElementById(PHONE_ID)?.focus();
      return;
    }
    setSending(true);
    try {
      const { resendAfterSeconds } = await getVisitorCode(phone.trim());
      countdown.start(resendAfterSeconds > 0 ? resendAfterSeconds : CODE_RESEND_SECONDS);
      // The service answers alike whether or not the phone has an approved visit (no enumeration).
      setNotice(t`如 ${phone.trim()} 有已批准的来访，验证码已发送，请查收短信。`);
      document.getElementById(CODE_ID)?.focus();
    } catch (error) {
      if (isApiError(error) && error.kind === 'business') {
        setServerError(error.message);
        if (error.code === Code.tooManyAttempts) countdown.start(CODE_RESEND_SECONDS);
      }
    } finally {
      setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setServerError('');
    const problems = fieldErrors(visitorQrRequest, { phone, code }, locale);
    setErrors(problems);
    const first = problems.phone ? PHONE_ID : problems.code ? CODE_ID : null;
    if (first) {
      document.getElementById(first)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onPass(await getVisitPass(phone.trim(), code.trim()));
    } catch (error) {
      if (isApiError(error) && error.kind === 'business') {
        const fromServer = error.fieldErrors;
        if (fromServer.phone || fromServer.code) setErrors(fromServer);
        else setServerError(error.message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
      <Field id={PHONE_ID} label={t`手机号码`} required error={errors.phone} hint={t`请填写来访申请中登记的手机号码`}>
        <div className="flex gap-2">
          <input
            {...fieldProps(PHONE_ID, errors.phone, true)}
            className="input min-w-0 flex-1 tabular-nums"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={11}
            value={phone}
            onChange={(e) => {
              setPhone(e.target.value.replace(/\D/g, ''));
              if (errors.phone) showError('phone', undefined);
            }}
            onBlur={() => phone && showError('phone', fieldErrors(visitorCodeRequest, { phone }, locale).phone)}
          />
          <button
            type="button"
            className="btn btn-secondary shrink-0 tabular-nums"
            disabled={sending || countdown.remaining > 0}
            aria-busy={sending}
            onClick={() => void sendCode()}
          >
            {countdown.remaining > 0 ? t`${countdown.remaining} 秒后重发` : sending ? t`正在发送…` : t`获取验证码`}
          </button>
        </div>
      </Field>
      {notice ? (
        <p role="status" className="text-sm text-brand-800">
          {notice}
        </p>
      ) : null}
      <Field id={CODE_ID} label={t`验证码`} required error={errors.code}>
        <input
          {...fieldProps(CODE_ID, errors.code)}
          className="input w-full tabular-nums sm:w-40"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, ''));
            if (errors.code) showError('code', undefined);
          }}
        />
      </Field>
      <FormAlert message={serverError} />
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>正在获取…</Trans> : <Trans>获取通行码</Trans>}
      </button>
    </form>
  );
}
