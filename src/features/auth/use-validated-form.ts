import type { Locale } from '@contract/locales';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@/api/validation';

type Values = Record<string, string | boolean>;

/**
 * Form state checked against a contract schema: on blur (that field), on change (only fields
 * already showing an error, so messages clear as they are fixed) and on submit (all fields).
 */
export function useValidatedForm<T extends Values>(schema: z.ZodType, initial: T | (() => T), toPayload: (values: T) => unknown = (v) => v) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const check = useCallback((v: T) => fieldErrors(schema, toPayload(v), locale), [schema, toPayload, locale]);

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => {
      if (Object.keys(current).length === 0) return current;
      const all = check(next);
      const kept: Record<string, string> = {};
      for (const key of Object.keys(current)) if (all[key]) kept[key] = all[key];
      return kept;
    });
  };

  const blur = (name: string) => {
    const message = check(values)[name];
    setErrors((current) => {
      const { [name]: _old, ...rest } = current;
      return message ? { ...rest, [name]: message } : rest;
    });
  };

  /** Checks everything; answers the errors (empty when valid). */
  const validate = () => {
    const all = check(values);
    setErrors(all);
    return all;
  };

  return { values, setValue, errors, setErrors, blur, validate };
}

/** Focuses the first field (in the given order) that has an error. */
export function focusFirstError(order: readonly string[], errors: Record<string, string>, idOf: (name: string) => string = (n) => n): void {
  const first = order.find((name) => errors[name]);
  if (first) globalThis.document?.getElementById(idOf(first))?.focus();
}
