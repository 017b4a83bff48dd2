import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { counterpartsQueryOptions, departmentsQueryOptions, productionBasesQueryOptions } from '@/api/organisation';
import type { SupplierForm } from '../use-supplier-form';
import { FormSection, SelectField, TextField } from './form-controls';

export function CooperationSection({ form }: { form: SupplierForm }) {
  const { t, i18n } = useLingui();
  const intentions = useQuery(dictionaryQueryOptions('cooperationIntention', i18n.locale));
  const bases = useQuery(productionBasesQueryOptions(i18n.locale));
  const departments = useQuery(departmentsQueryOptions(form.values.productionBase, i18n.locale));
  // Suggestions only: the account stays free text (the buyer's staff change faster than forms).
  const counterparts = useQuery(counterpartsQueryOptions(form.values.productionBase, form.values.counterpartDepartment, i18n.locale));
  return (
    <FormSection id="supplier-section-cooperation" title={<Trans>合作信息</Trans>}>
      <SelectField form={form} path="cooperationIntention" label={t`合作意向`} query={intentions} />
      <SelectField
        form={form}
        path="productionBase"
        label={t`生产基地`}
        query={bases}
        onValue={(code) => form.setText('productionBase', code, { counterpartDepartment: '' })}
      />
      <TextField
        form={form}
        path="counterpartAccount"
        label={t`对接人账号`}
        maxLength={50}
        autoComplete="off"
        list="supplier-counterparts"
      />
      <datalist id="supplier-counterparts">
        {counterparts.data?.map((c) => (
          <option key={c.code} value={c.code}>{`${c.label} · ${c.department}`}</option>
        ))}
      </datalist>
      <SelectField
        form={form}
        path="counterpartDepartment"
        label={t`对接部门`}
        query={departments}
        waitingFor={form.values.productionBase ? undefined : t`请先选择生产基地`}
      />
    </FormSection>
  );
}
