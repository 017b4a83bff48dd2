import { TEXT_MAX } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SupplierForm } from '../use-supplier-form';
import { FormSection, TextField } from './form-controls';

export function ContactSection({ form }: { form: SupplierForm }) {
  const { t } = useLingui();
  return (
    <FormSection id="supplier-section-contact" title={<Trans>联系信息</Trans>}>
      <TextField form={form} path="contactName" label={t`联系人`} required maxLength={50} autoComplete="name" />
      <TextField
        form={form}
        path="contactPhone"
        label={t`联系电话`}
        required
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        hint={t`11 位手机号码`}
        transform={(v) => v.replace(/\D/g, '')}
      />
      <TextField
        form={form}
        path="email"
        label={t`电子邮箱`}
        required
        type="email"
        inputMode="email"
        autoComplete="email"
        maxLength={TEXT_MAX}
        wide
      />
    </FormSection>
  );
}
