import type { DICTIONARY_TYPES } from '@contract/schemas/common';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { dictionaryQueryOptions } from '@/api/dictionary';
import { Field, fieldProps, FieldError } from '@/ui/field';
import type { YesNo } from '../form/visit-values';
import { visitFieldId } from '../form/visit-errors';

interface SelectFieldProps {
  path: string;
  label: string;
  value: string;
  options: { code: string; label: string }[] | undefined;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** Shown while the options load, or when there are none to choose yet. */
  placeholder?: string;
  disabled?: boolean;
  className?: string;
}

/** A native select of codes with labels; unanswered starts as "请选择". */
export function SelectField({
  path,
  label,
  value,
  options,
  onChange,
  error,
  required,
  placeholder,
  disabled,
  className,
}: SelectFieldProps) {
  const { t } = useLingui();
  const id = visitFieldId(path);
  const known = !value || (options ?? []).some((o) => o.code === value);
  return (
    <Field id={id} label={label} required={required} error={error} className={className}>
      <select
        {...fieldProps(id, error)}
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-required={required || undefined}
      >
        <option value="">{placeholder ?? t`请选择`}</option>
        {/* A code kept from a copy or a draft whose options are not loaded yet stays selected. */}
        {known ? null : <option value={value}>{value}</option>}
        {(options ?? []).map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A select of a dictionary of /common/getSelectCodeCommonData, in the reader's language. */
export function DictionaryField(props: Omit<SelectFieldProps, 'options'> & { type: (typeof DICTIONARY_TYPES)[number] }) {
  const { i18n } = useLingui();
  const { data } = useQuery(dictionaryQueryOptions(props.type, i18n.locale));
  return <SelectField {...props} options={data} />;
}

/** A yes/no that must be answered (SPEC.md section 5): two radios in a fieldset (a radiogroup). */
export function YesNoField({
  path,
  label,
  value,
  onChange,
  error,
}: {
  path: string;
  label: string;
  value: YesNo;
  onChange: (v: YesNo) => void;
  error?: string;
}) {
  const id = visitFieldId(path);
  const radio = (answer: 'yes' | 'no') => (
    <label className="inline-flex min-h-11 items-center gap-2 sm:min-h-0">
      <input
        type="radio"
        name={id}
        id={answer === 'yes' ? id : `${id}-no`}
        className="h-4 w-4 accent-brand-600"
        checked={value === answer}
        onChange={() => onChange(answer)}
      />
      {answer === 'yes' ? <Trans>是</Trans> : <Trans>否</Trans>}
    </label>
  );
  // Invalid is said of the pair (a radio itself has no aria-invalid), with the message.
  return (
    <fieldset
      role="radiogroup"
      aria-required="true"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="label">
        {label}
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="flex gap-5">
        {radio('yes')}
        {radio('no')}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
