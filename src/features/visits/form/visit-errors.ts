import type { Locale } from '@contract/locales';
import { visitApplySaveRequest } from '@contract/schemas/visit-apply';
import { visitDatesProblem } from '@contract/visit-values';
import { fieldErrors } from '@/api/validation';
import { message } from '@/locales/wire';
import { insuredVisitors, orderedFiles, visitPayload, type VisitFormValues } from './visit-values';

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
 */
export function visitErrors(v: VisitFormValues, locale: Locale, now: number): Record<string, string> {
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
  return out;
}

/** The id of the control that shows a form path's problem. */
export const visitFieldId = (path: string) => `visit-${path.replace(/\./g, '-')}`;
