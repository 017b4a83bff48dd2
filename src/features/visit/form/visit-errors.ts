import type { Locale } from '@contract/locales';
import type { MessageKey } from '@contract/messages';
import { choiceProblem } from '@contract/rules';
import type { Option } from '@contract/schemas/common';
import { visitApplySaveRequest } from '@contract/schemas/visit';
import { visitDatesProblem } from '@contract/visit-values';
import { fieldErrors } from '@/api/validation';
import { message } from '@/locales/wire';
import type { VISIT_DICTIONARIES } from '../api/prefetch-reference-data';
import { insuredVisitors, orderedFiles, visitPayload, type VisitFormValues } from './visit-values';

/**
 * The choices as loaded on this device: the form's dictionaries, the production bases, and the
 * departments of one base. Undefined while one is not (offline, never fetched): the bid service
 * decides then.
 */
export interface VisitChoices {
  dictionaries?: Partial<Record<(typeof VISIT_DICTIONARIES)[number], readonly Option[] | undefined>>;
  bases?: readonly Option[] | undefined;
  departments?: { base: string; options: readonly Option[] | undefined } | undefined;
}

/**
 * The form's problems by form path, in the reader's language: the contract's rules (the same
 * the bid service runs), mapped from the body's paths to where the form shows them, plus what
 * the body cannot say: a start date in the past (the device's clock; the bid service checks it
 * again with its own) and a files-section row without a file.
 *
 * - `files.<i>` of the body (rows with a file, kept ones first) -> `files.<row>` of the form
 * - `insurance.insuredPersons.<i>` (insured visitors in order) -> `visitors.<v>.insured|job`
 * - `insurance.insuredCount` -> `insurance.insuredPersons` (the count is derived, not typed),
 *   said only when the list itself has no problem: with no insured visitor, "add one" is what
 *   the reader can act on, not a count it never typed
 *
 * And what the bid service checks against its dictionaries and organisation, when the device
 * holds them (`choices`): a code the loaded dictionary does not list (kept from a copy, a draft
 * or a mended application, since retired), a base not among the bases, a department not of the
 * chosen base.
 */
export function visitErrors(v: VisitFormValues, locale: Locale, now: number, choices: VisitChoices = {}): Record<string, string> {
  const out: Record<string, string> = {};
  const put = (path: string, text: string) => {
    if (!(path in out)) out[path] = text;
  };
  const rows = orderedFiles(v);
  const insured = insuredVisitors(v);
  let countProblem: string | undefined;
  for (const [path, text] of Object.entries(fieldErrors(visitApplySaveRequest, visitPayload(v, true), locale))) {
    const file = /^files\.(\d+)\.(\w+)/.exec(path);
    const person = /^insurance\.insuredPersons\.(\d+)\.(\w+)/.exec(path);
    if (file) {
      const row = rows[Number(file[1])];
      if (row) put(`files.${v.files.indexOf(row)}.${file[2] === 'type' ? 'type' : 'file'}`, text);
    } else if (person) {
      const visitor = insured[Number(person[1])];
      if (visitor) put(`visitors.${v.visitors.indexOf(visitor)}.${person[2] === 'job' ? 'job' : 'insured'}`, text);
    } else if (path === 'insurance.insuredCount') {
      countProblem = text;
    } else {
      put(path, text);
    }
  }
  if (countProblem) put('insurance.insuredPersons', countProblem);
  if (v.startDate && v.endDate) {
    const dates = visitDatesProblem(v.startDate, v.endDate, now);
    if (dates) put(dates.field, message(dates.key, locale));
  }
  v.files.forEach((row, i) => {
    if (!row.file && !row.kept) put(`files.${i}.file`, message('fileMissing', locale));
  });
  const choose = (path: string, options: readonly Option[] | undefined, code: string, key?: MessageKey) => {
    const problem = choiceProblem(options, code, key);
    if (problem) put(path, message(problem, locale));
  };
  const dictionary = choices.dictionaries ?? {};
  choose('intention', dictionary.visitIntention, v.intention);
  choose('entryMethod', dictionary.entryMethod, v.entryMethod);
  choose('productionBase', choices.bases, v.productionBase);
  // Only the departments of the base on screen say anything about its department.
  if (choices.departments?.base === v.productionBase)
    choose('department', choices.departments.options, v.department, 'departmentNotOfBase');
  v.visitors.forEach((visitor, i) => {
    choose(`visitors.${i}.gender`, dictionary.gender, visitor.gender);
    choose(`visitors.${i}.certificateType`, dictionary.certificateType, visitor.certificateType);
    if (visitor.meal === 'yes') choose(`visitors.${i}.mealType`, dictionary.mealType, visitor.mealType);
  });
  v.files.forEach((row, i) => choose(`files.${i}.type`, dictionary.visitFileType, row.type));
  choose('insurance.type', dictionary.insuranceType, v.insurance.type);
  choose('insurance.currency', dictionary.currency, v.insurance.currency);
  return out;
}

/** The id of the control that shows a form path's problem. */
export const visitFieldId = (path: string) => `visit-${path.replace(/\./g, '-')}`;
