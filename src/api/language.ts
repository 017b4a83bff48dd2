import { DEFAULT_LOCALE, isLocale, LANGUAGE_STORAGE_KEY, type Locale } from '@contract/locales';

/** The chosen interface language, kept in localStorage under `language` (SPEC.md section 1). */
export function getLanguage(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function storeLanguage(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, locale);
  } catch {
    // Private mode or a full quota: the language still applies for this visit.
  }
}
