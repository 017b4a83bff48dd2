import type { Option } from '@contract/schemas/common';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Field, FieldError, fieldProps } from '@/ui/field';
import type { YesNo } from '../visitor-form-values';

/** A dictionary <select>; while the dictionary loads (or is missing offline) it says so instead of an empty list. */
export function DictionarySelect(props: {
  id: string;
  label: string;
  value: string;
  options: Option[] | undefined;
  error?: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useLingui();
  const { id, label, value, options, error, onChange, onBlur } = props;
  const known = options ?? [];
  // A saved code the dictionary does not list (offline, or retired) still shows as itself.
  const orphan = value && !known.some((o) => o.code === value);
  return (
    <Field id={id} label={label} required error={error} hint={options ? undefined : t`选项加载中或暂不可用（离线）`}>
      <select
        {...fieldProps(id, error, !options)}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{t`请选择`}</option>
        {orphan ? <option value={value}>{value}</option> : null}
        {known.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** 是 / 否 radios in a fieldset; the first radio carries the id (focus target of the error). */
export function YesNoField({
  id,
  legend,
  value,
  error,
  onChange,
}: {
  id: string;
  legend: ReactNode;
  value: YesNo;
  error?: string;
  onChange: (v: YesNo) => void;
}) {
  const { t } = useLingui();
  const choices: [Exclude<YesNo, ''>, string][] = [
    ['yes', t`是`],
    ['no', t`否`],
  ];
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="label">
        {legend}
        <span className="ml-0.5 text-red-700" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="flex gap-6">
        {choices.map(([choice, text], i) => (
          <label key={choice} className="inline-flex min-h-10 cursor-pointer items-center gap-2 text-sm text-slate-800">
            <input
              id={i === 0 ? id : undefined}
              type="radio"
              name={id}
              className="size-5 accent-brand-700"
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            {text}
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
