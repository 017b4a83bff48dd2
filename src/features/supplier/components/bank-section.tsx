import { TEXT_MAX } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import type { SupplierForm } from '../use-supplier-form';
import { FormSection, SelectField, TextField } from './form-controls';

export function BankSection({ form }: { form: SupplierForm }) {
  const { t, i18n } = useLingui();
  const currencies = useQuery(dictionaryQueryOptions('currency', i18n.locale));
  return (
    <FormSection id="supplier-section-bank" title={<Trans>银行信息</Trans>}>
      <TextField form={form} path="bankInfo.acctName" label={t`账户名称`} required maxLength={TEXT_MAX} />
      <TextField
        form={form}
        path="bankInfo.acctNo"
        label={t`银行账号`}
        required
        maxLength={40}
        inputMode="numeric"
        spellCheck={false}
        className="font-mono"
        autoComplete="off"
      />
      <TextField form={form} path="bankInfo.bankName" label={t`开户银行`} required maxLength={TEXT_MAX} />
      <TextField
        form={form}
        path="bankInfo.bankNo"
        label={t`银行行号`}
        maxLength={40}
        inputMode="numeric"
        spellCheck={false}
        autoComplete="off"
      />
      <TextField form={form} path="bankInfo.bankAddress" label={t`开户行地址`} maxLength={TEXT_MAX} />
      <SelectField form={form} path="bankInfo.currency" label={t`结算币种`} required query={currencies} />
    </FormSection>
  );
}
