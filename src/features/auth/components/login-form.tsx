import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { safeRedirect } from '@/api/guard';
import { getRememberedAccount, getUsername, sessionState, setRememberedAccount } from '@/api/session';
import { Field, FormAlert, fieldProps } from '@/ui/field';
import { toast } from '@/ui/toast';
import { login } from '../api/login';
import { useFormSubmit, useValidatedForm } from '@/ui/use-validated-form';
import { PasswordInput } from './password-input';

interface LoginFormProps {
  /** Where to go after logging in (the guard's redirect query); checked by safeRedirect. */
  redirect?: string;
  /** 游客模式: browse the public lists without logging in. */
  onTourist: () => void;
}

const ORDER = ['username', 'password'] as const;
const idOf = (name: string) => `login-${name}`;

export function LoginForm({ redirect, onTourist }: LoginFormProps) {
  const [switching, setSwitching] = useState(false);
  if (sessionState() === 'active' && !switching) {
    return <SignedIn redirect={redirect} onSwitch={() => setSwitching(true)} />;
  }
  return <CredentialsForm redirect={redirect} onTourist={onTourist} />;
}

function SignedIn({ redirect, onSwitch }: { redirect?: string; onSwitch: () => void }) {
  const router = useRouter();
  const username = getUsername() ?? '';
  return (
    <div className="space-y-4">
      <p className="text-slate-700">
        <Trans>
          您已登录为 <strong className="font-semibold text-slate-900">{username}</strong>。
        </Trans>
      </p>
      <button type="button" className="btn btn-primary w-full" onClick={() => router.history.push(safeRedirect(redirect))}>
        <Trans>进入工作台</Trans>
      </button>
      <button type="button" className="btn btn-ghost w-full" onClick={onSwitch}>
        <Trans>使用其他账号登录</Trans>
      </button>
    </div>
  );
}

/** The login screen is the first paint: its schema (and zod) load on first use. */
const loadLoginSchema = () => import('@contract/schemas/supplier').then((m) => m.loginRequest);

function CredentialsForm({ redirect, onTourist }: LoginFormProps) {
  const { t } = useLingui();
  const router = useRouter();
  const form = useValidatedForm(loadLoginSchema, () => ({ username: getRememberedAccount(), password: '' }));
  const [remember, setRemember] = useState(() => getRememberedAccount() !== '');
  // A wrong password answers one message: the password field gets the focus to try again.
  const { busy, serverError, submit } = useFormSubmit(form, {
    order: ORDER,
    idOf,
    onServerMessage: () => document.getElementById(idOf('password'))?.focus(),
  });
  const { values, errors } = form;

  const onSubmit = submit(async () => {
    await login({ username: values.username.trim(), password: values.password });
    setRememberedAccount(remember ? values.username.trim() : null);
    toast.success(t`登录成功`);
    router.history.push(safeRedirect(redirect));
  });

  return (
    <form
      noValidate
      onFocus={() => void form.load()}
      onSubmit={(e) => void onSubmit(e)}
      className="space-y-4"
      aria-describedby={serverError ? 'login-server-error' : undefined}
    >
      <Field id={idOf('username')} label={t`账号`} required error={errors.username}>
        <input
          {...fieldProps(idOf('username'), errors.username)}
          className="input w-full"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={values.username}
          onChange={(e) => form.setValue('username', e.target.value)}
          onBlur={() => void form.blur('username')}
        />
      </Field>
      <Field id={idOf('password')} label={t`密码`} required error={errors.password}>
        <PasswordInput
          {...fieldProps(idOf('password'), errors.password)}
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => form.setValue('password', e.target.value)}
          onBlur={() => void form.blur('password')}
        />
      </Field>

      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2 text-slate-700">
          <input type="checkbox" className="size-4 accent-brand-700" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <Trans>记住账号</Trans>
        </label>
        <Link to="/forgetPassword" className="link">
          <Trans>忘记密码？</Trans>
        </Link>
      </div>

      <FormAlert id="login-server-error" message={serverError} />

      <button type="submit" className="btn btn-primary w-full" disabled={busy} aria-busy={busy}>
        {busy ? <Trans>正在登录…</Trans> : <Trans>进入工作台</Trans>}
      </button>
      <button type="button" className="btn btn-secondary w-full" onClick={onTourist}>
        <Trans>游客模式</Trans>
      </button>
      <p className="text-center text-sm text-slate-600">
        <Trans>
          还没有账号？
          <Link to="/register" className="link">
            注册供应商
          </Link>
        </Trans>
      </p>
    </form>
  );
}
