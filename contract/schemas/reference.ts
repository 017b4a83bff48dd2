import { z } from '../zod';
import { optionalText } from '../rules';
import { DICTIONARY_TYPES, option } from './common';

/**
 * Reference calls of SPEC.md section 7 whose payloads the spec does not show; their meaning
 * follows their names and the screens that use them (docs/decisions/reference-data-calls.md).
 */
const dictionaryType = z.enum(DICTIONARY_TYPES, { error: 'choiceInvalid' });
const keyword = optionalText(40);
const code = (max: number) => optionalText(max);

/** /supplier/getSysDictCommonData: several dictionaries in one call (a form's selects at once). */
export const dictionariesRequest = z.object({
  types: z.array(dictionaryType, { error: 'required' }).min(1, { error: 'required' }).max(DICTIONARY_TYPES.length, { error: 'tooLong' }),
});
export const dictionaries = z.record(z.string(), z.array(option));

/** /common/getSelectCodeCommonDataSmart: a dictionary filtered by what a person typed (code or label). */
export const dictionarySearchRequest = z.object({ type: dictionaryType, keyword });

/**
 * /supplier/sysLoginUserCounterpart: the buyer's staff a supplier deals with, for the
 * registration form's counterpart account, narrowed by production base, department and what was
 * typed (account or name). `code` is the account, `label` the person's name.
 */
export const counterpartRequest = z.object({ productionBase: code(40), department: code(40), keyword });
export const counterpart = option.extend({ departmentCode: z.string(), department: z.string() });
export type Counterpart = z.infer<typeof counterpart>;
