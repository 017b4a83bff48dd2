import { z } from '../zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_MAX } from '../limits';
import { requiredText, text } from '../rules';

/** A stored file as the portal keeps it: what `/file/upload` answered, parsed. */
export const fileRef = z.object({
  name: requiredText(255),
  url: text().max(1024, { error: 'tooLong' }),
  path: text().max(1024, { error: 'tooLong' }),
});
export type FileRef = z.infer<typeof fileRef>;

/** A SHA-256 as 64 lowercase hex digits (what `sha256sum` prints). */
export const sha256Hex = text().regex(/^[0-9a-f]{64}$/, { error: 'invalid' });

export const pageRequest = z.object({
  pageNo: z.coerce
    .number({ error: 'notANumber' })
    .int({ error: 'notANumber' })
    .min(1, { error: 'notANumber' })
    .max(100_000, { error: 'notANumber' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'notANumber' })
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'choiceInvalid' })
    .default(DEFAULT_PAGE_SIZE),
  searchContent: text().trim().max(SEARCH_MAX, { error: 'tooLong' }).optional(),
});

export const page = <T extends z.ZodType>(item: T) =>
  z.object({ records: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

/** An option of a dictionary or organisation list. The label is in the request language. */
export const option = z.object({ code: z.string(), label: z.string() });
export type Option = z.infer<typeof option>;

/** Dictionaries served by /common/getSelectCodeCommonData. */
export const DICTIONARY_TYPES = [
  'currency',
  'cooperationIntention',
  'tenderingManner',
  'classification',
  'certificateType',
  'gender',
  'mealType',
  'depositType',
  'visitIntention',
  'entryMethod',
  'visitFileType',
  'insuranceType',
] as const;
export const dictionaryRequest = z.object({ type: z.enum(DICTIONARY_TYPES, { error: 'choiceInvalid' }) });

export const empty = z.object({}).strict();
export const nothing = z.null();
