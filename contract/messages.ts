import type { Locale } from './locales';
import en from './messages/en';
import vie from './messages/vie';
import zhCN from './messages/zh-CN';

/**
 * The wire vocabulary: every message the bid service answers with and every validation
 * message a rule in `rules.ts` can raise, in the three languages. The portal shows the same
 * texts for the same rules, so a rule's message is written once for both parts.
 *
 * One table per language (`messages/<locale>.ts`; zh-CN holds the keys, the others are typed
 * to hold every one of them), so the portal loads only the table of the language in use, with
 * its interface texts (`src/locales/wire.ts`). The bid service and the tests use all three here.
 */
export type MessageKey = keyof typeof zhCN;

export const wireTables: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, en, vie };

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(zhCN, value);
}

/** The text of a message key in a locale; an unknown key is returned as it is. */
export function message(key: string, locale: Locale): string {
  return isMessageKey(key) ? wireTables[locale][key] : key;
}

export const messageKeys = Object.keys(zhCN) as MessageKey[];
