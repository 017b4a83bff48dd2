import type { Locale } from '@contract/locales';

/**
 * Build time (vite.config.ts, `prerender()`): puts the prerendered /login screen into
 * index.html, so a phone paints the form and the notice board's frame before any JavaScript
 * has arrived. The default language's markup goes into #root; the other languages' wait in
 * templates, and a small inline script (allowed by its hash in the bid service's CSP) picks the
 * one the supplier chose (localStorage `language`, as src/api/language.ts keeps it) before the
 * first paint, so no text shows in the wrong language. On any other path the markup is dropped
 * at once: those screens paint when the app renders them, as before.
 *
 * #root is `inert` while it holds the prerendered screen (nothing typed there could be kept);
 * src/main.tsx renders the same screen over it in one commit and lifts that.
 */

export const PRERENDERED_PATHS = ['/', '/login'];

export interface PrerenderedPage {
  locale: Locale;
  /** <html lang> of the locale. */
  lang: string;
  title: string;
  description: string;
  html: string;
}

/** Classic and synchronous: runs while the document is parsed, before the first paint. */
const PICK_SCRIPT = `(function () {
  var root = document.getElementById('root');
  if (${JSON.stringify(PRERENDERED_PATHS)}.indexOf(location.pathname) < 0) {
    root.textContent = '';
    return;
  }
  var chosen = null;
  try { chosen = localStorage.getItem('language'); } catch (e) {}
  var templates = document.querySelectorAll('template[data-locale]');
  for (var i = 0; i < templates.length; i++) {
    var t = templates[i];
    if (t.getAttribute('data-locale') !== chosen) continue;
    root.replaceChildren(t.content.cloneNode(true));
    document.documentElement.lang = t.getAttribute('data-lang');
    document.title = t.getAttribute('data-title');
    var description = document.querySelector('meta[name="description"]');
    if (description) description.setAttribute('content', t.getAttribute('data-description'));
  }
})();`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** React's server markup carries its own inline scripts (scroll restoration): never in a prerender. */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

/** index.html with `pages[0]` (the default language) in #root and the others as templates. */
export function injectPrerendered(indexHtml: string, pages: PrerenderedPage[]): string {
  const [first, ...others] = pages;
  if (!first) return indexHtml;
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  const templates = others
    .map(
      (page) =>
        `<template data-locale="${attribute(page.locale)}" data-lang="${attribute(page.lang)}" data-title="${attribute(page.title)}" data-description="${attribute(page.description)}">${withoutScripts(page.html)}</template>`,
    )
    .join('');
  return indexHtml.replace(emptyRoot, `<div id="root" inert>${withoutScripts(first.html)}</div>${templates}<script>${PICK_SCRIPT}</script>`);
}
