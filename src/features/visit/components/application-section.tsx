import { UPLOAD_RULES } from '@contract/upload-rules';
import { earliestToday } from '@contract/visit-values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { departmentsQueryOptions, productionBasesQueryOptions } from '@/api/organisation';
import { Field, fieldProps } from '@/ui/field';
import { useNow } from '@/ui/use-now';
import { relatedProjectsQueryOptions } from '../api/list-related-projects';
import { visitFieldId } from '../form/visit-errors';
import type { FileField, FilesValue, VisitFormValues } from '../form/visit-values';
import { DictionaryField, SelectField } from './choice-fields';
import { FilesField } from './files-field';
import { FormSection } from './form-section';

type TextField = 'startDate' | 'endDate' | 'sourceNo' | 'reason' | 'visitingCompany' | 'host' | 'relatedProject';

interface ApplicationSectionProps {
  supplierId: string;
  values: VisitFormValues;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<VisitFormValues>) => void;
}

/** The application itself: why, when, where, who hosts, and its documents (the labour contract required). */
export function ApplicationSection({ supplierId, values, errors, disabled, onChange }: ApplicationSectionProps) {
  const { t, i18n } = useLingui();
  const bases = useQuery(productionBasesQueryOptions(i18n.locale));
  const departments = useQuery(departmentsQueryOptions(values.productionBase, i18n.locale));
  const projects = useQuery(relatedProjectsQueryOptions(supplierId));
  // The earliest start the bid service accepts (its rule, on this device's clock, which useNow keeps current).
  const minDate = earliestToday(useNow());

  const text = (name: TextField, max: number, required = true) => {
    const id = visitFieldId(name);
    return {
      ...fieldProps(id, errors[name]),
      className: 'input',
      maxLength: max,
      value: values[name],
      disabled,
      'aria-required': required || undefined,
      onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
    };
  };
  const files = (name: FileField, label: string, required = false) => (
    <FilesField
      path={name}
      label={label}
      value={values[name]}
      onChange={(value: FilesValue) => onChange({ [name]: value })}
      rule={name === 'labourContract' ? UPLOAD_RULES.labourContract : UPLOAD_RULES.visitDocuments}
      required={required}
      error={errors[name]}
      disabled={disabled}
    />
  );

  return (
    <FormSection id="visit-section-application" title={t`申请信息`}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <DictionaryField
          type="visitIntention"
          path="intention"
          label={t`参观意向`}
          required
          value={values.intention}
          onChange={(intention) => onChange({ intention })}
          error={errors.intention}
          disabled={disabled}
        />
        <DictionaryField
          type="entryMethod"
          path="entryMethod"
          label={t`入厂方式`}
          required
          value={values.entryMethod}
          onChange={(entryMethod) => onChange({ entryMethod })}
          error={errors.entryMethod}
          disabled={disabled}
        />
        <Field id={visitFieldId('startDate')} label={t`开始日期`} required error={errors.startDate}>
          <input type="date" {...text('startDate', 10)} min={minDate} />
        </Field>
        <Field id={visitFieldId('endDate')} label={t`结束日期`} required error={errors.endDate}>
          <input type="date" {...text('endDate', 10)} min={values.startDate || minDate} />
        </Field>
        <SelectField
          path="productionBase"
          label={t`生产基地`}
          required
          value={values.productionBase}
          options={bases.data}
          // A department belongs to its base: choosing another base clears it.
          onChange={(productionBase) => onChange({ productionBase, department: '' })}
          error={errors.productionBase}
          disabled={disabled}
        />
        <SelectField
          path="department"
          label={t`被访部门`}
          required
          value={values.department}
          options={departments.data}
          placeholder={values.productionBase ? undefined : t`请先选择生产基地`}
          onChange={(department) => onChange({ department })}
          error={errors.department}
          disabled={disabled || !values.productionBase}
        />
        <Field id={visitFieldId('visitingCompany')} label={t`来访单位`} required error={errors.visitingCompany}>
          <input type="text" autoComplete="organization" {...text('visitingCompany', 200)} />
        </Field>
        <Field id={visitFieldId('host')} label={t`接待人`} required error={errors.host}>
          <input type="text" {...text('host', 50)} />
        </Field>
        <Field
          id={visitFieldId('relatedProject')}
          label={t`关联项目`}
          required
          error={errors.relatedProject}
          hint={t`从您的招标项目和询价单中选择，或直接填写。`}
        >
          <input
            type="text"
            list="visit-related-projects"
            {...text('relatedProject', 100)}
            {...fieldProps(visitFieldId('relatedProject'), errors.relatedProject, true)}
          />
        </Field>
        <datalist id="visit-related-projects">
          {(projects.data ?? []).map((p) => (
            <option key={p.no} value={p.no}>
              {p.title}
            </option>
          ))}
        </datalist>
        <Field id={visitFieldId('sourceNo')} label={t`来源单号`} error={errors.sourceNo}>
          <input type="text" {...text('sourceNo', 64, false)} />
        </Field>
      </div>
      <Field id={visitFieldId('reason')} label={t`来访事由`} required error={errors.reason}>
        <textarea {...text('reason', 500)} className="input min-h-24" />
      </Field>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {files('labourContract', t`劳务合同`, true)}
        {files('contract', t`合同`)}
        {files('labourNotice', t`劳务告知书`)}
        {files('policy', t`保单`)}
      </div>
      <p className="text-xs text-slate-500">
        <Trans>所选文件先保存在本设备，提交后随申请一起上传。</Trans>
      </p>
    </FormSection>
  );
}
