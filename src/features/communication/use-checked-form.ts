import type { Locale } from '@contract/locales';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '@/api/validation';

/**
 * Text form state checked against a contract schema (the same rule and message the bid
 * service answers): on blur (that field), on change (only fields already showing an error,
 * so messages clear as they are fixed) and on submit (all fields).
 */
export function useCheckedForm<T extends Record<string, string>>(schema: z.ZodType, initial: T, toPayload: (values: T) => unknown) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toPayloadRef = useRef(toPayload);
  toPayloadRef.current = toPayload;

  const check = useCallback((v: T) => fieldErrors(schema, toPayloadRef.current(v), locale), [schema, locale]);

  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _old, ...rest } = current;
      const message = check(next)[name];
      return message ? { ...rest, [name]: message } : rest;
    });
  };

  const blur = (name: keyof T & string) => {
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

  /** Replaces every value (a restored draft, a cleared form) and forgets the errors. */
  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
  }, []);

  return { values, setValue, errors, blur, validate, reset };
}

/** Focuses the first field (in screen order) that has an error. */
export function focusFirstError(order: readonly string[], errors: Record<string, string>, idOf: (name: string) => string): void {
  const first = order.find((name) => errors[name]);
  const el = first ? globalThis.document?.getElementById(idOf(first)) : null;
  if (!el) return;
  // Centred, so the sticky page header never covers the field that needs attention.
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
}
