import { LONG_TEXT_MAX, TEXT_MAX } from '@contract/limits';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Field, fieldProps } from '@/ui/field';
import { formatDate } from '@/ui/format';
import { NumericInput } from '@/ui/numeric-input';
import { regionsQueryOptions } from '../api/list-regions';
import { fieldId } from '../supplier-form-values';
import type { SupplierForm } from '../use-supplier-form';
import { FormSection, SelectField, TextField } from './form-controls';

/** Today in the buyer's zone, as every date is shown. */
const today = () => formatDate(new Date().toISOString());

export function BasicInfoSection({ form }: { form: SupplierForm }) {
  const { t, i18n } = useLingui();
  const provinces = useQuery(regionsQueryOptions('', i18n.locale));
  const cities = useQuery({ ...regionsQueryOptions(form.values.provinceCode, i18n.locale), enabled: form.values.provinceCode !== '' });
  const capitalId = fieldId('registeredCapital');
  const capitalError = form.errors.registeredCapital;

  return (
    <FormSection id="supplier-section-basic" title={<Trans>基本信息</Trans>}>
      <TextField form={form} path="supplierName" label={t`供应商名称`} required maxLength={TEXT_MAX} autoComplete="organization" wide />
      <TextField
        form={form}
        path="creditCode"
        label={t`统一社会信用代码`}
        required
        maxLength={18}
        autoCapitalize="characters"
        spellCheck={false}
        className="font-mono"
        transform={(v) => v.toUpperCase().replace(/\s+/g, '')}
        hint={t`18 位，见营业执照`}
      />
      <TextField form={form} path="legalPerson" label={t`法定代表人`} required maxLength={50} />
      <TextField form={form} path="establishDate" label={t`成立日期`} required type="date" max={today()} />
      <Field id={capitalId} label={t`注册资本`} required error={capitalError}>
        <div className="flex items-stretch">
          <NumericInput
            {...fieldProps(capitalId, capitalError)}
            aria-describedby={[`${capitalId}-unit`, capitalError ? `${capitalId}-error` : ''].filter(Boolean).join(' ')}
            value={form.values.registeredCapital}
            onChange={(v) => form.setText('registeredCapital', v)}
            onBlur={() => form.blur('registeredCapital')}
            precision={2}
            min={0}
            max={1e9}
            className="min-w-0 flex-1 rounded-r-none"
          />
          <span
            id={`${capitalId}-unit`}
            className="inline-flex items-center rounded-r-lg border border-l-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600"
          >
            <Trans>万元</Trans>
          </span>
        </div>
      </Field>
      <SelectField
        form={form}
        path="provinceCode"
        label={t`所在省份`}
        query={provinces}
        onValue={(code) => form.setText('provinceCode', code, { cityCode: '' })}
      />
      <SelectField
        form={form}
        path="cityCode"
        label={t`所在城市`}
        query={cities}
        waitingFor={form.values.provinceCode ? undefined : t`请先选择省份`}
      />
      <TextField
        form={form}
        path="registeredAddress"
        label={t`注册地址`}
        required
        maxLength={TEXT_MAX}
        autoComplete="street-address"
        wide
      />
      <TextField form={form} path="businessScope" label={t`经营范围`} maxLength={LONG_TEXT_MAX} multiline />
    </FormSection>
  );
}
