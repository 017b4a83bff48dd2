import type { RequestOf } from '@contract/endpoints';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCanGoBack, useNavigate, useRouter } from '@tanstack/react-router';
import { toast } from '@/ui/toast';
import { registerSupplier } from '../api/register-supplier';
import { emptyAccountValues, emptySupplierValues } from '../supplier-form-values';
import { SupplierForm } from './supplier-form';

/** Account + supplier form; on success back to where the user came from (SPEC.md section 8). */
export function RegisterSupplierForm() {
  const { t } = useLingui();
  const router = useRouter();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();

  const leave = () => {
    if (canGoBack) router.history.back();
    else void navigate({ to: '/login' });
  };

  return (
    <SupplierForm
      mode="register"
      initial={emptySupplierValues()}
      initialAccount={emptyAccountValues()}
      submitLabel={<Trans>提交注册</Trans>}
      busyLabel={<Trans>正在提交…</Trans>}
      actions={
        <button type="button" className="btn btn-secondary" onClick={leave}>
          <Trans>返回</Trans>
        </button>
      }
      onSubmit={async (payload) => {
        // The form checked the payload against registerRequest in register mode.
        await registerSupplier(payload as RequestOf<'supplierSave'>);
        toast.success(t`注册成功`);
        leave();
      }}
    />
  );
}
