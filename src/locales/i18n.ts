import { BCP47, type Locale } from '@contract/locales';
import { i18n, type Messages } from '@lingui/core';
import { getLanguage, storeLanguage } from '@/api/language';

/** Catalogs are compiled from the .po files by the Lingui Vite plugin, one chunk per locale. */
const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  'zh-CN': () => import('./zh-CN/messages.po'),
  en: () => import('./en/messages.po'),
  vie: () => import('./vie/messages.po'),
};

/** Loads and activates a locale, stores the choice and sets `<html lang>` (vi for vie). */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages });
  storeLanguage(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = BCP47[locale];
}

/** The locale to start with: the stored choice, else zh-CN. */
export const initialLocale = (): Locale => getLanguage();

export { i18n };
