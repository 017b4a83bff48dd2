import type { Locale } from '@contract/locales';
import type { MessageKey } from '@contract/messages';

/**
 * The portal's side of contract/messages.ts: the wire texts (server and validation messages)
 * of the language in use. `activateLocale` (i18n.ts) loads a language's table together with its
 * interface texts, so the first load carries one language, not three. A key whose table is not
 * loaded shows as itself.
 */
const tables: Partial<Record<Locale, Record<MessageKey, string>>> = {};

export function setWireTable(locale: Locale, table: Record<MessageKey, string>): void {
  tables[locale] = table;
}

/** The text of a message key in a locale; an unknown key is returned as it is. */
export function message(key: string, locale: Locale): string {
  const table = tables[locale];
  return table && Object.hasOwn(table, key) ? table[key as MessageKey] : key;
}
