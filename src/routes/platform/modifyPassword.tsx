import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/platform/modifyPassword')({
  component: ModifyPasswordPage,
});

function ModifyPasswordPage() {
  const { t } = useLingui();
  const { username } = Route.useRouteContext().session;
  return (
    <>
      <PageHeader title={t`修改密码`} description={t`修改成功后需要使用新密码重新登录。`} />
      <div className="card">
        <ChangePasswordForm username={username} />
      </div>
    </>
  );
}
