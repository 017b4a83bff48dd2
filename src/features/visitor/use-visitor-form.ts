import type { Locale } from '@contract/locales';
import { visitorPerson, type VisitPass } from '@contract/schemas/visitor';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { fieldErrors } from '@/api/validation';
import { emptyVisitorValues, personFromValues, type VisitorFormValues } from './visitor-form-values';

/**
 * Where the values on screen came from. A later source replaces an earlier one only when it
 * ranks higher: the person saved on the server < an entry still waiting in the outbox < the
 * draft on this device < what the visitor types now. So a slow network answer never
 * overwrites newer local work.
 */
export type ValuesSource = 'pass' | 'server' | 'outbox' | 'draft' | 'user';
const RANK: Record<ValuesSource, number> = { pass: 0, server: 1, outbox: 2, draft: 3, user: 4 };

export function useVisitorForm(pass: VisitPass) {
  const { i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const [values, setValues] = useState<VisitorFormValues>(() => emptyVisitorValues(pass));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const source = useRef<ValuesSource>('pass');
  /** What the form holds without the visitor's own work: from the pass, the server or the outbox (not a draft). */
  const baseline = useRef(JSON.stringify(values));

  const check = useCallback((v: VisitorFormValues) => fieldErrors(visitorPerson, personFromValues(v), locale), [locale]);

  /** Fills the form from a source if nothing newer is on screen. */
  const fill = useCallback((from: Exclude<ValuesSource, 'user'>, next: VisitorFormValues) => {
    if (RANK[from] <= RANK[source.current]) return;
    source.current = from;
    if (from !== 'draft') baseline.current = JSON.stringify(next);
    setValues(next);
  }, []);

  /** The values were queued: they are now what the outbox holds, not a draft. */
  const markQueued = useCallback((queued: VisitorFormValues) => {
    source.current = 'outbox';
    baseline.current = JSON.stringify(queued);
  }, []);

  /** Nothing of the visitor's own beyond what a source gave: no draft to keep. */
  const isBaseline = useCallback((v: VisitorFormValues) => JSON.stringify(v) === baseline.current, []);

  const setValue = <K extends keyof VisitorFormValues>(name: K, value: VisitorFormValues[K]) => {
    source.current = 'user';
    const next = { ...values, [name]: value };
    setValues(next);
    // Messages already shown are re-checked as the visitor fixes them.
    if (Object.keys(errors).length > 0) {
      const all = check(next);
      setErrors(Object.fromEntries(Object.keys(errors).flatMap((k) => (all[k] ? [[k, all[k]]] : []))));
    }
  };

  const blur = (name: keyof VisitorFormValues) => {
    const message = check(values)[name];
    setErrors(({ [name]: _old, ...rest }) => (message ? { ...rest, [name]: message } : rest));
  };

  const validate = () => {
    const all = check(values);
    setErrors(all);
    return all;
  };

  return { values, errors, setValue, blur, validate, fill, markQueued, isBaseline };
}
