import type { Locale } from '@contract/locales';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '@/api/errors';
import type { z } from 'zod';
import { fieldErrors } from '@/api/validation';

type Values = Record<string, string | boolean>;

/**
 * A contract schema, or a loader of one: a screen on the first-load path (login) passes
 * `() => import(...)` so the validation code arrives on first use, not with the first paint.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>);

/**
 * Form state checked against a contract schema: on blur (that field), on change (only fields
 * already showing an error, so messages clear as they are fixed) and on submit (all fields).
 */
export function useValidatedForm<T extends Values>(
  source: SchemaSource,
  initial: T | (() => T),
  toPayload: (values: T) => unknown = (v) => v,
) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const schema = useRef<z.ZodType | null>(typeof source === 'function' ? null : source);

  const load = useCallback(async () => (schema.current ??= await (source as () => Promise<z.ZodType>)()), [source]);
  // Errors only exist once the schema has run, so a change can check synchronously.
  const check = useCallback((v: T) => (schema.current ? fieldErrors(schema.current, toPayload(v), locale) : {}), [toPayload, locale]);

  // The values as the last change left them, before React has rendered it: two changes in one
  // handler (or two fields filled before a re-render, as autofill does) both count.
  const latest = useRef(values);
  const setValue = <K extends keyof T & string>(name: K, value: T[K]) => {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    setErrors((current) => {
      if (Object.keys(current).length === 0) return current;
      const all = check(next);
      const kept: Record<string, string> = {};
      for (const key of Object.keys(current)) if (all[key]) kept[key] = all[key];
      return kept;
    });
  };

  const blur = async (name: string) => {
    await load();
    const message = check(latest.current)[name];
    setErrors((current) => {
      const { [name]: _old, ...rest } = current;
      return message ? { ...rest, [name]: message } : rest;
    });
  };

  /** Checks everything; answers the errors (empty when valid). */
  const validate = async () => {
    await load();
    const all = check(latest.current);
    setErrors(all);
    return all;
  };

  /** Replaces every value (a restored draft, a cleared form) and forgets the errors. */
  const reset = useCallback((next: T) => {
    latest.current = next;
    setValues(next);
    setErrors({});
  }, []);

  return { values, setValue, errors, setErrors, blur, validate, load, reset };
}

/** Focuses the first field (in the given order) that has an error. */
export function focusFirstError(order: readonly string[], errors: Record<string, string>, idOf: (name: string) => string = (n) => n): void {
  const first = order.find((name) => errors[name]);
  const el = first ? globalThis.document?.getElementById(idOf(first)) : null;
  if (!el) return;
  // Centred, so the sticky page header never covers the field that needs attention.
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'center' });
}

interface SubmitOptions {
  /** Field names in screen order: the first with a problem gets the focus. */
  order: readonly string[];
  idOf?: (name: string) => string;
  /** Maps wire field paths to the form's fields (e.g. `mail` and `phone` to one address field). */
  mapErrors?: (errors: Record<string, string>) => Record<string, string>;
  /** Called when the server answers a message that belongs to no field. */
  onServerMessage?: () => void;
}

/**
 * The submit flow of every form here: check everything and focus the first problem, send,
 * then show a business error in place (the server's field errors under their fields, else one
 * message), keeping what was typed. Network failures and E401 are reported by the request layer.
 */
export function useFormSubmit(
  form: { validate: () => Promise<Record<string, string>>; setErrors: (e: Record<string, string>) => void },
  options: SubmitOptions,
) {
  const { order, idOf, mapErrors = (e) => e, onServerMessage } = options;
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState('');

  const submit = (send: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setServerError('');
    const problems = mapErrors(await form.validate());
    if (Object.keys(problems).length > 0) {
      focusFirstError(order, problems, idOf);
      return;
    }
    setBusy(true);
    try {
      await send();
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'business') return;
      const fromServer = mapErrors(error.fieldErrors);
      if (Object.keys(fromServer).length > 0) {
        form.setErrors(error.fieldErrors);
        focusFirstError(order, fromServer, idOf);
      } else {
        setServerError(error.message);
        onServerMessage?.();
      }
    } finally {
      setBusy(false);
    }
  };

  return { busy, serverError, setServerError, submit };
}
