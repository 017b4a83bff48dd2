import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ForgetPasswordForm } from '@/features/auth/components/forget-password-form';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/forgetPassword')({
  component: ForgetPasswordPage,
});

function ForgetPasswordPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-10">
      <PageHeader title={t`找回密码`} description={t`通过注册时填写的邮箱或手机接收验证码，重新设置密码。`} />
      <div className="card">
        <ForgetPasswordForm />
      </div>
    </div>
  );
}
