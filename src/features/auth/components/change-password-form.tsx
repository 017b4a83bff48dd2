import { changePwdRequest } from '@contract/schemas/supplier';
import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { clearSession } from '@/api/session';
import { Field, FormAlert, fieldProps } from '@/ui/field';
import { toast } from '@/ui/toast';
import { changePassword } from '../api/change-password';
import { useFormSubmit, useValidatedForm } from '@/ui/use-validated-form';
import { PasswordInput } from './password-input';

const ORDER = ['password', 'newPassword', 'conPassword'] as const;
const idOf = (name: string) => `change-pwd-${name}`;
const INITIAL = { password: '', newPassword: '', conPassword: '' };

/** `username`: the logged-in account (the platform session's). */
export function ChangePasswordForm({ username }: { username: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useValidatedForm(changePwdRequest, INITIAL, (v) => ({ ...v, username }));
  const { busy, serverError, submit } = useFormSubmit(form, { order: ORDER, idOf });
  const { values, errors } = form;

  const onSubmit = submit(async () => {
    await changePassword({ username, ...values });
    toast.success(t`修改成功，请重新登录`);
    // The bid service revoked every token of the account; the old cookies are useless now.
    clearSession();
    await navigate({ to: '/login' });
  });

  const passwordField = (name: (typeof ORDER)[number], label: string, hint?: string) => (
    <Field id={idOf(name)} label={label} required error={errors[name]} hint={hint}>
      <PasswordInput
        {...fieldProps(idOf(name), errors[name], !!hint)}
        autoComplete={name === 'password' ? 'current-password' : 'new-password'}
        value={values[name]}
        onChange={(e) => form.setValue(name, e.target.value)}
        onBlur={() => void form.blur(name)}
      />
    </Field>
  );

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="max-w-md space-y-4">
      <div>
        <p className="label">
          <Trans>账号</Trans>
        </p>
        <p className="mt-1 font-medium text-slate-900">{username || '—'}</p>
      </div>
      {passwordField('password', t`当前密码`)}
      {passwordField('newPassword', t`新密码`, t`6-12 位，须同时包含字母和数字`)}
      {passwordField('conPassword', t`确认新密码`)}
      <FormAlert message={serverError} />
      <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>正在提交…</Trans> : <Trans>确认修改</Trans>}
      </button>
    </form>
  );
}
