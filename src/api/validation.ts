import type { Locale } from '@contract/locales';
import { message } from '@/locales/wire';
import type { z } from 'zod';

/**
 * Runs a contract schema on form values and returns translated messages by field path
 * (`bankInfo.acctNo`), the first problem of each field only. Empty when valid.
 */
export function fieldErrors(schema: z.ZodType, values: unknown, locale: Locale): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    if (!(key in out)) out[key] = message(issue.message, locale);
  }
  return out;
}
