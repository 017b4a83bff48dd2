import { Trans, useLingui } from '@lingui/react/macro';
import { Field, fieldProps } from '@/ui/field';
import { fieldId, type AccountValues } from '../supplier-form-values';
import type { SupplierForm } from '../use-supplier-form';
import { FormSection } from './form-controls';

/** Registration only: the account the supplier logs in with. */
export function AccountSection({ form }: { form: SupplierForm }) {
  const { t } = useLingui();
  const field = (name: keyof AccountValues, label: string, props: { type: string; autoComplete: string; hint?: string }) => {
    const id = fieldId(name);
    const error = form.errors[name];
    return (
      <Field id={id} label={label} required error={error} hint={props.hint}>
        <input
          {...fieldProps(id, error, !!props.hint)}
          className="input w-full"
          type={props.type}
          autoComplete={props.autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={form.account[name]}
          onChange={(e) => form.setAccountValue(name, e.target.value)}
          onBlur={() => form.blur(name)}
        />
      </Field>
    );
  };
  return (
    <FormSection id="supplier-section-account" title={<Trans>账号信息</Trans>}>
      <div className="md:col-span-2 md:max-w-[calc(50%-0.75rem)]">
        {field('username', t`账号`, { type: 'text', autoComplete: 'username', hint: t`4-32 位字母、数字、下划线、点或短横线` })}
      </div>
      {field('newPassword', t`密码`, { type: 'password', autoComplete: 'new-password', hint: t`6-12 位，须同时包含字母和数字` })}
      {field('conPassword', t`确认密码`, { type: 'password', autoComplete: 'new-password' })}
    </FormSection>
  );
}
