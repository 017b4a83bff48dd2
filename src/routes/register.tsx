import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { RegisterSupplierForm } from '@/features/supplier/components/register-supplier-form';
import { PageHeader } from '@/ui/page-header';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useLingui();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-8">
      <PageHeader
        title={t`供应商注册`}
        description={t`请如实填写企业信息，提交后将由采购方审核。`}
        actions={
          <p className="text-sm text-slate-600">
            <Trans>
              已有账号？
              <Link to="/login" className="link">
                去登录
              </Link>
            </Trans>
          </p>
        }
      />
      <RegisterSupplierForm />
    </div>
  );
}
