import type { Locale } from '@contract/locales';

/**
 * Build time (vite.config.ts, `prerender()`): puts the prerendered public screens into
 * index.html, so a phone paints them before any JavaScript has arrived. The first page (/login
 * in the default language) goes into #root; every other (path, language) waits as raw text (a
 * `<script type="text/html">`: the parser keeps its markup as one string and builds no elements
 * of it, so a device pays for the one page it shows), and a small inline script (allowed by its
 * hash in the bid service's CSP) picks the one for this address and the supplier's language (localStorage `language`, as src/api/language.ts
 * keeps it) before the first paint, so no text shows in the wrong language. On any other path,
 * or where the page says the device holds something that changes the screen (`unless`: a
 * localStorage key, or cookies), #root is emptied at once: that screen paints when the app
 * renders it.
 *
 * #root carries `data-prerendered` while it holds a prerendered screen, and the same script
 * holds what a person does there until the app has taken over (src/app/prerender-handoff.ts):
 * typing stays in the fields, and the last tap on a link, button or tab, or a form's submission,
 * is held (default prevented, kept in `data-held-tap`) instead of lost or sent by the browser
 * (a native submit would put the password in the address). src/main.tsx renders the same
 * screen over it in one commit and hands all of it over.
 */

export interface PrerenderedPage {
  path: string;
  locale: Locale;
  /** <html lang> of the locale. */
  lang: string;
  title: string;
  description: string;
  html: string;
  /**
   * When this device's screen differs, so that no prerender may show: a localStorage key holding
   * a value other than '0' (a visitor with passes), or `cookies:` and names that are all set (a
   * supplier who is logged in sees "logged in as" on /login, not the form).
   */
  unless?: string;
}

/** Paths that show another prerendered page (the root redirects to /login). */
export const PATH_ALIASES: Record<string, string> = { '/': '/login' };

/** What a tap on the prerender is held for (a tap elsewhere, into a field or on a checkbox, does what it always does). */
export const TAP_TARGETS = 'a[href], button, summary, [role="button"], [role="tab"]';

/**
 * Before #root: a supplier's screen (/platform/…) never has a prerender, yet the parser would
 * lay out and paint the /login held in #root before the pick below empties it, a flash of the
 * login form and, with a phone's CPU, a few hundred milliseconds of layout on every cold open.
 * The attribute hides #root (src/styles.css) until the pick has run.
 */
export const ROOT_HIDDEN = 'data-root-hidden';
const hideScript = `if (location.pathname.indexOf('/platform/') === 0) document.documentElement.setAttribute('${ROOT_HIDDEN}', '');`;

/** Classic and synchronous: runs while the document is parsed, before the first paint. */
const pickScript = (locales: string[], fallback: string) => `(function () {
  var root = document.getElementById('root');
  var aliases = ${JSON.stringify(PATH_ALIASES)};
  var path = aliases[location.pathname] || location.pathname;
  var locale = null;
  try { locale = localStorage.getItem('language'); } catch (e) {}
  if (${JSON.stringify(locales)}.indexOf(locale) < 0) locale = ${JSON.stringify(fallback)};
  function held(key) {
    if (key && key.indexOf('cookies:') === 0) {
      var have = ' ' + document.cookie.split('; ').map(function (c) { return c.split('=')[0]; }).join(' ') + ' ';
      var names = key.slice(8).split(' ');
      for (var n = 0; n < names.length; n++) if (have.indexOf(' ' + names[n] + ' ') < 0) return false;
      return true;
    }
    try { var value = key && localStorage.getItem(key); return Boolean(value) && value !== '0'; } catch (e) { return false; }
  }
  function pathOf(el) {
    var steps = [];
    for (; el !== root; el = el.parentElement) steps.unshift(Array.prototype.indexOf.call(el.parentElement.children, el));
    return steps.join('/');
  }
  function hold() {
    root.addEventListener('click', function (event) {
      if (!root.hasAttribute('data-prerendered') || !event.target.closest) return;
      var target = event.target.closest(${JSON.stringify(TAP_TARGETS)});
      if (!target || !root.contains(target)) return;
      event.preventDefault();
      root.setAttribute('data-held-tap', pathOf(target));
    }, true);
    root.addEventListener('submit', function (event) {
      if (!root.hasAttribute('data-prerendered')) return;
      event.preventDefault();
      if (!root.hasAttribute('data-held-tap')) root.setAttribute('data-held-tap', pathOf(event.target));
    }, true);
  }
  var pages = [root].concat(Array.prototype.slice.call(document.querySelectorAll('script[type="text/html"][data-path]')));
  for (var i = 0; i < pages.length; i++) {
    var page = pages[i];
    if (page.getAttribute('data-path') !== path || page.getAttribute('data-locale') !== locale || held(page.getAttribute('data-unless'))) continue;
    if (page !== root) {
      root.innerHTML = page.textContent;
      document.documentElement.lang = page.getAttribute('data-lang');
      document.title = page.getAttribute('data-title');
      var description = document.querySelector('meta[name="description"]');
      if (description) description.setAttribute('content', page.getAttribute('data-description'));
    }
    document.documentElement.removeAttribute('${ROOT_HIDDEN}');
    return hold();
  }
  root.textContent = '';
  root.removeAttribute('data-prerendered');
  document.documentElement.removeAttribute('${ROOT_HIDDEN}');
})();`;

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const pageAttributes = (page: PrerenderedPage) =>
  [`data-path="${attribute(page.path)}"`, `data-locale="${attribute(page.locale)}"`, ...(page.unless ? [`data-unless="${attribute(page.unless)}"`] : [])].join(
    ' ',
  );

/** React's server markup carries its own inline scripts (scroll restoration): never in a prerender. */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

/**
 * A page's markup as the raw text of a `<script type="text/html">`. Raw text ends at the first
 * `</script`, and a `<script` in it changes how the parser reads what follows: React's markup
 * has neither once its own scripts are out (it escapes `<` in texts and attributes), and the
 * build stops if one ever does.
 */
function rawText(page: PrerenderedPage): string {
  const html = withoutScripts(page.html);
  if (/<\/?script/i.test(html)) throw new Error(`the prerender of ${page.path} (${page.locale}) holds a script tag`);
  return html;
}

/** index.html with `pages[0]` (the default language's first page) in #root and the others as raw text. */
export function injectPrerendered(indexHtml: string, pages: PrerenderedPage[]): string {
  const [first, ...others] = pages;
  if (!first) return indexHtml;
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  const locales = [...new Set(pages.map((page) => page.locale))];
  const otherPages = others
    .map(
      (page) =>
        `<script type="text/html" ${pageAttributes(page)} data-lang="${attribute(page.lang)}" data-title="${attribute(page.title)}" data-description="${attribute(page.description)}">${rawText(page)}</script>`,
    )
    .join('');
  return indexHtml.replace(emptyRoot, `<script>${hideScript}</script>${ROOT_START}${rootOf(first)}${ROOT_END}${otherPages}<script>${pickScript(locales, first.locale)}</script>`);
}

/** Around #root in the built index.html, where a server render puts its page. */
const ROOT_START = '<!--root-->';
const ROOT_END = '<!--/root-->';
/** The reads a server-rendered screen was rendered from, for the app's first render (src/app/server-state.ts). */
export const SERVER_STATE_ID = 'server-state';

const rootOf = (page: PrerenderedPage) => `<div id="root" data-prerendered ${pageAttributes(page)}>${withoutScripts(page.html)}</div>`;

/**
 * The bid service's server render (src/prerender/server-entry.tsx): the built index.html with
 * `page` in #root in place of the build's prerender, and the reads it was rendered from as JSON
 * (not run: `type` is not JavaScript, so the CSP has nothing to allow). The language pick shows
 * it where the address and the device's language match, as for the build's pages; the reads
 * carry the render's language (`data-lang`), so that a page the pick took from the others (the
 * build's /login in the device's language) is not given reads made in another.
 */
export function injectServerRendered(indexHtml: string, page: PrerenderedPage, state: unknown): string {
  const start = indexHtml.indexOf(ROOT_START);
  const end = indexHtml.indexOf(ROOT_END, start);
  if (start < 0 || end < 0) throw new Error('index.html has no prerendered #root to replace');
  // `<` escaped, so no text in the data can close the script element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `${indexHtml.slice(0, start)}${ROOT_START}${rootOf(page)}${ROOT_END}<script type="application/json" id="${SERVER_STATE_ID}" data-lang="${attribute(page.lang)}">${json}</script>${indexHtml.slice(end + ROOT_END.length)}`;
}
