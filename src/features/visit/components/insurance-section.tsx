import { UPLOAD_RULES } from '@contract/upload-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Field, FieldError, fieldProps } from '@/ui/field';
import { NumericInput } from '@/ui/numeric-input';
import { visitFieldId } from '../form/visit-errors';
import { AMOUNT_INPUT, type VisitFormValues, type VisitorValues } from '../form/visit-values';
import { DictionaryField, YesNoField } from './choice-fields';
import { FilesField } from './files-field';
import { FormSection } from './form-section';

type Insurance = VisitFormValues['insurance'];

interface InsuranceSectionProps {
  insurance: Insurance;
  visitors: VisitorValues[];
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (patch: Partial<Insurance>) => void;
  onVisitor: (index: number, change: Partial<VisitorValues>) => void;
}

/**
 * The insurance (required): the policy, and its insured persons chosen among the visitors (so an
 * insured person is always one of them), each with the job insured. The insured count is theirs.
 */
export function InsuranceSection({ insurance, visitors, errors, disabled, onChange, onVisitor }: InsuranceSectionProps) {
  const { t } = useLingui();
  const insuredCount = visitors.filter((v) => v.insured).length;
  const text = (name: 'company' | 'policyNo' | 'jobType' | 'date', max: number) => {
    const id = visitFieldId(`insurance.${name}`);
    return {
      ...fieldProps(id, errors[`insurance.${name}`]),
      className: 'input',
      maxLength: max,
      value: insurance[name],
      disabled,
      'aria-required': true,
      onChange: (e: { target: { value: string } }) => onChange({ [name]: e.target.value }),
    };
  };
  const amountId = visitFieldId('insurance.amount');

  return (
    <FormSection id="visit-section-insurance" title={t`保险信息`} description={t`来访人员须有保险。被保险人从来访人员中选择。`}>
      <FieldError id={visitFieldId('insurance')} error={errors.insurance} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field id={visitFieldId('insurance.company')} label={t`保险公司`} required error={errors['insurance.company']}>
          <input type="text" {...text('company', 200)} />
        </Field>
        <DictionaryField
          type="insuranceType"
          path="insurance.type"
          label={t`保险类型`}
          required
          value={insurance.type}
          onChange={(type) => onChange({ type })}
          error={errors['insurance.type']}
          disabled={disabled}
        />
        <Field id={visitFieldId('insurance.policyNo')} label={t`保单号`} required error={errors['insurance.policyNo']}>
          <input type="text" spellCheck={false} {...text('policyNo', 64)} />
        </Field>
        <Field id={visitFieldId('insurance.jobType')} label={t`工种`} required error={errors['insurance.jobType']}>
          <input type="text" {...text('jobType', 100)} />
        </Field>
        <DictionaryField
          type="currency"
          path="insurance.currency"
          label={t`币种`}
          required
          value={insurance.currency}
          onChange={(currency) => onChange({ currency })}
          error={errors['insurance.currency']}
          disabled={disabled}
        />
        <Field id={amountId} label={t`保险金额`} required error={errors['insurance.amount']}>
          <NumericInput
            {...fieldProps(amountId, errors['insurance.amount'])}
            value={insurance.amount}
            onChange={(amount) => onChange({ amount })}
            {...AMOUNT_INPUT}
            disabled={disabled}
            aria-required
          />
        </Field>
        <Field id={visitFieldId('insurance.date')} label={t`投保日期`} required error={errors['insurance.date']}>
          <input type="date" {...text('date', 10)} />
        </Field>
        <YesNoField
          path="insurance.hasInsured"
          label={t`是否已投保`}
          value={insurance.hasInsured}
          onChange={(hasInsured) => onChange({ hasInsured })}
          error={errors['insurance.hasInsured']}
        />
        <YesNoField
          path="insurance.hasSocialSecurity"
          label={t`是否有社保`}
          value={insurance.hasSocialSecurity}
          onChange={(hasSocialSecurity) => onChange({ hasSocialSecurity })}
          error={errors['insurance.hasSocialSecurity']}
        />
      </div>
      <FilesField
        path="insurance.appendix"
        label={t`保险附件`}
        value={insurance.appendix}
        onChange={(appendix) => onChange({ appendix })}
        rule={UPLOAD_RULES.visitDocuments}
        error={errors['insurance.appendix']}
        disabled={disabled}
      />
      <fieldset className="space-y-3">
        <legend className="label">
          <Trans>被保险人及工种</Trans>
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        <p className="text-sm text-slate-600" id={visitFieldId('insurance.insuredPersons')} tabIndex={-1}>
          <Trans>被保险人数：{insuredCount}</Trans>
        </p>
        <FieldError id={visitFieldId('insurance.insuredPersons')} error={errors['insurance.insuredPersons']} />
        <ul className="space-y-2">
          {visitors.map((visitor, index) => {
            const n = index + 1;
            const who = visitor.name.trim() || t`第 ${n} 位来访人员`;
            const jobPath = `visitors.${index}.job`;
            const insuredPath = `visitors.${index}.insured`;
            const jobId = visitFieldId(jobPath);
            return (
              <li
                key={visitor.key}
                className="grid grid-cols-1 items-start gap-2 rounded-lg border border-slate-200 px-3 py-2 sm:grid-cols-[minmax(0,1fr)_16rem]"
              >
                <div>
                  <label className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
                    <input
                      type="checkbox"
                      id={visitFieldId(insuredPath)}
                      className="h-4 w-4 accent-brand-600"
                      checked={visitor.insured}
                      disabled={disabled}
                      aria-invalid={errors[insuredPath] ? true : undefined}
                      aria-describedby={errors[insuredPath] ? `${visitFieldId(insuredPath)}-error` : undefined}
                      onChange={(e) => onVisitor(index, { insured: e.target.checked })}
                    />
                    <span className="break-words">
                      {who}
                      {visitor.certificateNo ? (
                        <span className="ml-2 text-xs text-slate-500 tabular-nums">{visitor.certificateNo}</span>
                      ) : null}
                    </span>
                  </label>
                  <FieldError id={visitFieldId(insuredPath)} error={errors[insuredPath]} />
                </div>
                {visitor.insured ? (
                  <Field id={jobId} label={t`${who} 的投保工种`} required error={errors[jobPath]}>
                    <input
                      type="text"
                      {...fieldProps(jobId, errors[jobPath])}
                      className="input"
                      maxLength={100}
                      value={visitor.job}
                      disabled={disabled}
                      aria-required
                      onChange={(e) => onVisitor(index, { job: e.target.value })}
                    />
                  </Field>
                ) : null}
              </li>
            );
          })}
        </ul>
      </fieldset>
    </FormSection>
  );
}
