import type { Option } from '@contract/schemas/common';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Field, fieldProps } from '@/ui/field';
import { fieldId, readText, type TextPath } from '../supplier-form-values';
import type { SupplierForm } from '../use-supplier-form';

export function FormSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card">
      <h2 id={id} className="mb-4">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-x-6 gap-y-4 md:grid-cols-2">{children}</div>
    </section>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'form' | 'value' | 'onChange' | 'onBlur' | 'id'> {
  form: SupplierForm;
  path: TextPath;
  label: string;
  hint?: ReactNode;
  wide?: boolean;
  multiline?: boolean;
  /** Applied while typing, e.g. upper-casing a credit code. */
  transform?: (value: string) => string;
}

export function TextField({
  form,
  path,
  label,
  hint,
  wide,
  multiline,
  transform = (v) => v,
  required,
  readOnly,
  ...input
}: TextFieldProps) {
  const id = fieldId(path);
  const error = form.errors[path];
  const common = {
    ...fieldProps(id, error, !!hint),
    className: 'input w-full',
    value: readText(form.values, path),
    readOnly,
    onBlur: () => form.blur(path),
  };
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint} className={wide || multiline ? 'md:col-span-2' : undefined}>
      {multiline ? (
        <textarea {...common} rows={4} maxLength={input.maxLength} onChange={(e) => form.setText(path, transform(e.target.value))} />
      ) : (
        <input {...input} {...common} onChange={(e) => form.setText(path, transform(e.target.value))} />
      )}
    </Field>
  );
}

interface SelectFieldProps {
  form: SupplierForm;
  path: TextPath;
  label: string;
  query: UseQueryResult<Option[]>;
  required?: boolean;
  /** Shown instead of the choices while a prerequisite (e.g. the province) is missing. */
  waitingFor?: string;
  onValue?: (value: string) => void;
}

/** A native <select> fed by a list call; the current value stays selectable while the list loads. */
export function SelectField({ form, path, label, query, required, waitingFor, onValue }: SelectFieldProps) {
  const { t } = useLingui();
  const id = fieldId(path);
  const error = form.errors[path];
  const value = readText(form.values, path);
  const options = query.data ?? [];
  const known = value === '' || options.some((o) => o.code === value);
  const hint = query.isError ? (
    <span className="inline-flex items-center gap-2 text-red-700">
      <Trans>选项加载失败</Trans>
      <button type="button" className="link" onClick={() => void query.refetch()}>
        <Trans>重试</Trans>
      </button>
    </span>
  ) : undefined;
  return (
    <Field id={id} label={label} required={required} error={error} hint={hint}>
      <select
        {...fieldProps(id, error, !!hint)}
        className="input w-full"
        value={value}
        disabled={!!waitingFor}
        aria-busy={query.isFetching}
        onChange={(e) => (onValue ? onValue(e.target.value) : form.setText(path, e.target.value))}
        onBlur={() => form.blur(path)}
      >
        <option value="">{waitingFor ?? (query.isPending && query.fetchStatus !== 'idle' ? t`加载中…` : t`请选择`)}</option>
        {!known && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.code} value={o.code}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
