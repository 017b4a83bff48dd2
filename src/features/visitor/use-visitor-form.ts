import { choiceProblem } from '@contract/rules';
import type { Option } from '@contract/schemas/common';
import { visitorPerson, type VisitPass } from '@contract/schemas/visitor';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useValidatedForm } from '@/ui/use-validated-form';
import { emptyVisitorValues, personFromValues, type VisitorFormValues } from './visitor-form-values';

/** The form's dictionary fields; each is a dictionary of the same name. */
export const CHOICE_FIELDS = ['gender', 'certificateType', 'mealType'] as const;
/** The dictionaries as loaded on this device; undefined while one is not (offline, never fetched). */
export type VisitorChoices = Partial<Record<(typeof CHOICE_FIELDS)[number], readonly Option[] | undefined>>;

/**
 * The contract's visitor information plus what only the dictionaries on the device know: a
 * code they do not list (a saved or drafted code since retired), which the bid service refuses
 * (choiceInvalid). One schema for the form's life, reading the dictionaries last handed to
 * `setChoices`, so they may load after the form opens. Checked even while other fields have
 * problems, so the form shows every message at once.
 */
export function visitorFormChecks(initial: VisitorChoices = {}) {
  let loaded = initial;
  const schema = visitorPerson.superRefine(
    (person, ctx) => {
      for (const field of CHOICE_FIELDS) {
        const code = person[field];
        const problem = typeof code === 'string' ? choiceProblem(loaded[field], code) : null;
        if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
  const setChoices = (next: VisitorChoices) => {
    loaded = next;
  };
  return { schema, setChoices };
}

/**
 * Where the values on screen came from. A later source replaces an earlier one only when it
 * ranks higher: the person saved on the server < an entry still waiting in the outbox < the
 * draft on this device < what the visitor types now. So a slow network answer never
 * overwrites newer local work.
 */
export type ValuesSource = 'pass' | 'server' | 'outbox' | 'draft' | 'user';
const RANK: Record<ValuesSource, number> = { pass: 0, server: 1, outbox: 2, draft: 3, user: 4 };

/**
 * The visitor information form: checked like every form (useValidatedForm), against the
 * dictionaries as loaded (`choices`), plus where its values came from.
 */
export function useVisitorForm(pass: VisitPass, choices: VisitorChoices) {
  // One schema for the form's life (useValidatedForm keeps the first), told the latest dictionaries.
  const [checks] = useState(() => visitorFormChecks(choices));
  useLayoutEffect(() => checks.setChoices(choices), [checks, choices]);
  const form = useValidatedForm<VisitorFormValues>(checks.schema, () => emptyVisitorValues(pass), personFromValues);
  const { reset } = form;
  const source = useRef<ValuesSource>('pass');
  /** What the form holds without the visitor's own work: from the pass, the server or the outbox (not a draft). */
  const baseline = useRef(JSON.stringify(form.values));

  /** Fills the form from a source if nothing newer is on screen. */
  const fill = useCallback(
    (from: Exclude<ValuesSource, 'user'>, next: VisitorFormValues) => {
      if (RANK[from] <= RANK[source.current]) return;
      source.current = from;
      if (from !== 'draft') baseline.current = JSON.stringify(next);
      reset(next);
    },
    [reset],
  );

  /** The values were queued: they are now what the outbox holds, not a draft. */
  const markQueued = useCallback((queued: VisitorFormValues) => {
    source.current = 'outbox';
    baseline.current = JSON.stringify(queued);
  }, []);

  /** Nothing of the visitor's own beyond what a source gave: no draft to keep. */
  const isBaseline = useCallback((v: VisitorFormValues) => JSON.stringify(v) === baseline.current, []);

  const setValue = <K extends keyof VisitorFormValues & string>(name: K, value: VisitorFormValues[K]) => {
    source.current = 'user';
    form.setValue(name, value);
  };

  return { values: form.values, errors: form.errors, setValue, blur: form.blur, validate: form.validate, fill, markQueued, isBaseline };
}
