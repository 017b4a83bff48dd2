/** Interface languages (SPEC.md section 1). The codes are the spec's, not BCP 47. */
export const LOCALES = ['zh-CN', 'en', 'vie'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
/** localStorage key holding the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'language';
/** Value for `<html lang>` and Intl formatting. */
export const BCP47: Record<Locale, string> = { 'zh-CN': 'zh-CN', en: 'en', vie: 'vi' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Picks a supported locale from an Accept-Language header value; falls back to the default. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]!.trim();
    if (isLocale(tag)) return tag;
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
    if (lower === 'vi' || lower.startsWith('vi-')) return 'vie';
  }
  return DEFAULT_LOCALE;
}
