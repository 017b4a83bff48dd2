import { Code } from '@contract/codes';
import type { Locale } from '@contract/locales';
import { CODE_RESEND_SECONDS } from '@contract/limits';
import { forgetPwdRequest, getCheckCodeRequest } from '@contract/schemas/supplier';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '@/api/errors';
import { fieldErrors } from '@/api/validation';
import { Field, FormAlert, fieldProps } from '@/ui/field';
import { toast } from '@/ui/toast';
import { useResendCountdown } from '@/ui/use-resend-countdown';
import { resetForgottenPassword } from '../api/forget-password';
import { getCheckCode } from '../api/get-check-code';
import { useFormSubmit, useValidatedForm } from '@/ui/use-validated-form';
import { PasswordInput } from './password-input';

type Way = 'mail' | 'phone';
const ORDER = ['address', 'code', 'newPassword', 'conPassword'] as const;
const idOf = (name: string) => `forget-${name}`;
const INITIAL = { way: 'mail' as Way, address: '', code: '', newPassword: '', conPassword: '' };
type Values = typeof INITIAL;

/** The one address field stands for `mail` or `phone` of the wire request, by the chosen way. */
const toRequest = (v: Values) => ({
  mail: v.way === 'mail' ? v.address : '',
  phone: v.way === 'phone' ? v.address : '',
  code: v.code,
  newPassword: v.newPassword,
  conPassword: v.conPassword,
});
const fromWire = (errors: Record<string, string>) => {
  const { mail, phone, ...rest } = errors;
  const address = mail ?? phone;
  return address ? { ...rest, address } : rest;
};

export function ForgetPasswordForm() {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const form = useValidatedForm<Values>(forgetPwdRequest, INITIAL, toRequest);
  const countdown = useResendCountdown();
  const [sending, setSending] = useState(false);
  const { busy, serverError, setServerError, submit } = useFormSubmit(form, { order: ORDER, idOf, mapErrors: fromWire });
  const [codeNotice, setCodeNotice] = useState('');
  const { values } = form;
  const errors = fromWire(form.errors);

  async function sendCode() {
    setServerError('');
    const problems = fieldErrors(getCheckCodeRequest, { mailOrPhone: values.address, way: values.way }, i18n.locale as Locale);
    if (problems.mailOrPhone) {
      form.setErrors((e) => ({ ...e, [values.way]: problems.mailOrPhone! }));
      document.getElementById(idOf('address'))?.focus();
      return;
    }
    setSending(true);
    try {
      const { resendAfterSeconds } = await getCheckCode({ mailOrPhone: values.address.trim(), way: values.way });
      countdown.start(resendAfterSeconds > 0 ? resendAfterSeconds : CODE_RESEND_SECONDS);
      // The service answers alike whether or not an account has the address (no enumeration).
      setCodeNotice(
        values.way === 'mail' ? t`如该邮箱已注册账号，验证码已发送，请查收。` : t`如该手机号已注册账号，验证码已发送，请查收。`,
      );
      document.getElementById(idOf('code'))?.focus();
    } catch (error) {
      if (isApiError(error) && error.kind === 'business') {
        setServerError(error.message);
        // Too many requests: wait out a full interval rather than inviting another refusal.
        if (error.code === Code.tooManyAttempts) countdown.start(CODE_RESEND_SECONDS);
      }
    } finally {
      setSending(false);
    }
  }

  const onSubmit = submit(async () => {
    await resetForgottenPassword(forgetPwdRequest.parse(toRequest(values)));
    toast.success(t`密码已重置，请重新登录`);
    await navigate({ to: '/login' });
  });

  const wayLabel: Record<Way, string> = { mail: t`邮箱`, phone: t`手机` };
  const setWay = (way: Way) => {
    form.setValue('way', way);
    setCodeNotice('');
  };

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-4">
      <fieldset>
        <legend className="label">
          <Trans>找回方式</Trans>
        </legend>
        <div className="mt-2 flex gap-6">
          {(['mail', 'phone'] as const).map((way) => (
            <label key={way} className="inline-flex items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="forget-way"
                className="size-4 accent-brand-700"
                checked={values.way === way}
                onChange={() => setWay(way)}
              />
              {wayLabel[way]}
            </label>
          ))}
        </div>
      </fieldset>

      <Field id={idOf('address')} label={values.way === 'mail' ? t`邮箱地址` : t`手机号码`} required error={errors.address}>
        <div className="flex gap-2">
          <input
            {...fieldProps(idOf('address'), errors.address)}
            className="input min-w-0 flex-1"
            type={values.way === 'mail' ? 'email' : 'tel'}
            inputMode={values.way === 'mail' ? 'email' : 'numeric'}
            autoComplete={values.way === 'mail' ? 'email' : 'tel'}
            value={values.address}
            onChange={(e) => form.setValue('address', e.target.value)}
            onBlur={() => {
              void form.blur('mail');
              void form.blur('phone');
            }}
          />
          <button
            type="button"
            className="btn btn-secondary shrink-0 tabular-nums"
            disabled={sending || countdown.remaining > 0}
            onClick={() => void sendCode()}
          >
            {countdown.remaining > 0 ? t`${countdown.remaining} 秒后重发` : sending ? t`正在发送…` : t`获取验证码`}
          </button>
        </div>
      </Field>
      {codeNotice && (
        <p role="status" className="text-sm text-brand-800">
          {codeNotice}
        </p>
      )}

      <Field id={idOf('code')} label={t`验证码`} required error={errors.code}>
        <input
          {...fieldProps(idOf('code'), errors.code)}
          className="input w-full sm:w-40"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          onChange={(e) => form.setValue('code', e.target.value.replace(/\D/g, ''))}
          onBlur={() => void form.blur('code')}
        />
      </Field>
      <Field id={idOf('newPassword')} label={t`新密码`} required error={errors.newPassword} hint={t`6-12 位，须同时包含字母和数字`}>
        <PasswordInput
          {...fieldProps(idOf('newPassword'), errors.newPassword, true)}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => form.setValue('newPassword', e.target.value)}
          onBlur={() => void form.blur('newPassword')}
        />
      </Field>
      <Field id={idOf('conPassword')} label={t`确认新密码`} required error={errors.conPassword}>
        <PasswordInput
          {...fieldProps(idOf('conPassword'), errors.conPassword)}
          autoComplete="new-password"
          value={values.conPassword}
          onChange={(e) => form.setValue('conPassword', e.target.value)}
          onBlur={() => void form.blur('conPassword')}
        />
      </Field>

      <FormAlert message={serverError} />
      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>正在提交…</Trans> : <Trans>重置密码</Trans>}
      </button>
      <p className="text-center text-sm">
        <Link to="/login" className="link">
          <Trans>返回登录</Trans>
        </Link>
      </p>
    </form>
  );
}
