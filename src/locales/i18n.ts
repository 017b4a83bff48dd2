import { BCP47, type Locale } from '@contract/locales';
import { i18n, type Messages } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { MessageKey } from '@contract/messages';
import { getLanguage, storeLanguage } from '@/api/language';
import { setWireTable } from './wire';

type Catalog = () => Promise<{ messages: Messages }>;

/**
 * Catalogs are compiled from the .po files by the Lingui Vite plugin, one chunk per locale and
 * catalog. The shell's chunk of a locale also holds that language's wire texts (./wire.ts).
 */
const shell: Record<Locale, () => Promise<{ messages: Messages; wire: Record<MessageKey, string> }>> = {
  'zh-CN': () => import('./zh-CN/shell'),
  en: () => import('./en/shell'),
  vie: () => import('./vie/shell'),
};

/**
 * The catalogs of areas whose texts the first load must not carry (lingui.config.ts): loaded
 * by their routes with `loadArea`, and again for the new locale when the language changes.
 */
const areas = {
  tender: {
    'zh-CN': () => import('./zh-CN/tender.po'),
    en: () => import('./en/tender.po'),
    vie: () => import('./vie/tender.po'),
  },
  enquiry: {
    'zh-CN': () => import('./zh-CN/enquiry.po'),
    en: () => import('./en/enquiry.po'),
    vie: () => import('./vie/enquiry.po'),
  },
  visit: {
    'zh-CN': () => import('./zh-CN/visit.po'),
    en: () => import('./en/visit.po'),
    vie: () => import('./vie/visit.po'),
  },
  home: {
    'zh-CN': () => import('./zh-CN/home.po'),
    en: () => import('./en/home.po'),
    vie: () => import('./vie/home.po'),
  },
  receipt: {
    'zh-CN': () => import('./zh-CN/receipt.po'),
    en: () => import('./en/receipt.po'),
    vie: () => import('./vie/receipt.po'),
  },
} satisfies Record<string, Record<Locale, Catalog>>;

export type Area = keyof typeof areas;
const loadedAreas = new Set<Area>();

async function messagesOf(locale: Locale, wanted: Iterable<Area>): Promise<Messages> {
  const [own, ...parts] = await Promise.all([shell[locale](), ...[...wanted].map((area) => areas[area][locale]())]);
  setWireTable(locale, own.wire);
  return Object.assign({}, own.messages, ...parts.map((part) => part.messages)) as Messages;
}

/** The page's description (index.html carries the source language's; search engines and link previews read it). */
const DESCRIPTION = msg`供应商门户：查看招标与采购信息、报名投标、询价议价、沟通记录与基地参观申请。`;

/**
 * Loads and activates a locale with the areas already in use, stores the choice and sets
 * `<html lang>` (vi for vie) and the page's description in that language.
 */
let firstActivated!: () => void;
const firstActivation = new Promise<void>((resolve) => (firstActivated = resolve));

/**
 * Resolves once a language is active: at once after the first activation, else when it ends. The
 * app starts loading a screen while its language loads (src/main.tsx); what a route's loader
 * shows or loads in a language waits for this.
 */
export const whenLocaleActive = (): Promise<void> => (i18n.locale ? Promise.resolve() : firstActivation);

export async function activateLocale(locale: Locale): Promise<void> {
  i18n.loadAndActivate({ locale, messages: await messagesOf(locale, loadedAreas) });
  firstActivated();
  storeLanguage(locale);
  if (typeof document === 'undefined') return;
  // Set only when it changes: setting <html lang>, even to the same value, restyles the whole page
  // (2 ms on a repeat visit, between the prerender's paint and the app's first render).
  if (document.documentElement.lang !== BCP47[locale]) document.documentElement.lang = BCP47[locale];
  document.querySelector('meta[name="description"]')?.setAttribute('content', pageDescription());
}

/** The page's description in the active locale. */
export const pageDescription = (): string => i18n._(DESCRIPTION);

/** Makes an area's texts available in the current locale (a route's loader awaits it; precached, so it works offline). */
export async function loadArea(area: Area): Promise<void> {
  await whenLocaleActive();
  const locale = i18n.locale as Locale;
  if (loadedAreas.has(area) || !locale) return;
  const { messages } = await areas[area][locale]();
  // A language switch while this loaded: the switch reloads every area in use, this one included.
  loadedAreas.add(area);
  if (i18n.locale === locale) i18n.load(locale, messages);
  else await activateLocale(i18n.locale as Locale);
}

/** The locale to start with: the stored choice, else zh-CN. */
export const initialLocale = (): Locale => getLanguage();

export { i18n };
