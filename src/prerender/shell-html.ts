import { COOKIE } from '@contract/http';
import type { Locale } from '@contract/locales';

/**
 * Build time (vite.config.ts, `prerender()`): puts the prerendered public screens into
 * index.html, so a phone paints them before any JavaScript has arrived. The first page (/login
 * in the default language) goes into #root; every other (path, language) waits as raw text (a
 * `<script type="text/html">`: the parser keeps its markup as one string and builds no elements
 * of it, so a device pays for the one page it shows), and a small inline script (allowed by its
 * hash in the bid service's CSP) picks the one for this address and the supplier's language
 * (localStorage `language`, as src/api/language.ts
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
  function owns(id) {
    if (id === null) return true;
    var jar = {};
    document.cookie.split('; ').forEach(function (c) { var at = c.indexOf('='); jar[c.slice(0, at)] = c.slice(at + 1); });
    if (!jar[${JSON.stringify(COOKIE.auth)}] || !jar[${JSON.stringify(COOKIE.token)}]) return false;
    try { return decodeURIComponent(jar[${JSON.stringify(COOKIE.supplierId)}] || '') === id; } catch (e) { return false; }
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
    if (!owns(page.getAttribute('data-supplier'))) continue;
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
  [
    `data-path="${attribute(page.path)}"`,
    `data-locale="${attribute(page.locale)}"`,
    ...(page.unless ? [`data-unless="${attribute(page.unless)}"`] : []),
  ].join(' ');

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

/** The app's entry as Vite writes it into index.html. */
const ENTRY_SCRIPT = /<script type="module"( crossorigin)? src="([^"]+)"><\/script>/;
/** A page hidden from its first frame (a background tab draws none) starts the app after this. */
const UNPAINTED_START_MS = 500;

/**
 * Classic and synchronous, after the pick: starts the app's entry (preloaded from the head, in
 * place of Vite's module script). A supplier's screen as it was last rendered on the device
 * (`data-supplier`, src/offline/screen-store.ts) is painted first: Vite's script would run the
 * app's code (a task of about 700 ms with a phone's CPU) as soon as the document is parsed,
 * before the screen's first frame, which then came 1.4 to 3.3 s after the address was opened
 * instead of 1.3 to 1.8 s (docs/benchmarks.md). Anywhere else the app starts at once.
 */
const startScript = (entry: string) => `(function () {
  var root = document.getElementById('root');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    import(${JSON.stringify(entry)}).catch(function (error) { console.error('the app failed to load', error); });
  }
  if (root && root.hasAttribute('data-supplier')) {
    requestAnimationFrame(function () { setTimeout(start, 0); });
    setTimeout(start, ${UNPAINTED_START_MS});
  } else start();
})();`;

/**
 * index.html with `pages[0]` (the default language's first page) in #root, the others as raw
 * text, and the app started by startScript.
 */
export function injectPrerendered(indexHtml: string, pages: PrerenderedPage[]): string {
  const [first, ...others] = pages;
  if (!first) return indexHtml;
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
  const entry = ENTRY_SCRIPT.exec(indexHtml);
  if (!entry) throw new Error("index.html has no module script of the app's entry");
  const [entryTag, crossorigin = '', entrySrc = ''] = entry;
  const locales = [...new Set(pages.map((page) => page.locale))];
  const otherPages = others
    .map(
      (page) =>
        `<script type="text/html" ${pageAttributes(page)} data-lang="${attribute(page.lang)}" data-title="${attribute(page.title)}" data-description="${attribute(page.description)}">${rawText(page)}</script>`,
    )
    .join('');
  return indexHtml
    .replace(entryTag, () => `<link rel="modulepreload"${crossorigin} href="${entrySrc}">`)
    .replace(
      emptyRoot,
      () =>
        `<script>${hideScript}</script>${ROOT_START}${rootOf(first)}${ROOT_END}${otherPages}<script>${pickScript(locales, first.locale)}</script><script>${startScript(entrySrc)}</script>`,
    );
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
  // `<` escaped, so no text in the data can close the script element.
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return replaceRoot(
    indexHtml,
    `${rootOf(page)}<script type="application/json" id="${SERVER_STATE_ID}" data-lang="${attribute(page.lang)}">${json}</script>`,
  );
}

/** The built index.html with `html` in place of the prerendered #root. */
function replaceRoot(indexHtml: string, html: string): string {
  const start = indexHtml.indexOf(ROOT_START);
  const end = indexHtml.indexOf(ROOT_END, start);
  if (start < 0 || end < 0) throw new Error('index.html has no prerendered #root to replace');
  return `${indexHtml.slice(0, start)}${ROOT_START}${html}${ROOT_END}${indexHtml.slice(end + ROOT_END.length)}`;
}

/** A supplier's screen as the app last rendered it on this device (src/offline/screen-snapshots.ts). */
export interface ScreenSnapshot {
  /** The address's path (the search is in the key it is stored under). */
  path: string;
  locale: Locale;
  /** <html lang> and the title when it was rendered. */
  lang: string;
  title: string;
  /** Whose screen: shown only while that supplier's session cookies are there. */
  supplierId: string;
  /** The address of the build's stylesheet it was rendered with: another build's would style it wrongly. */
  stylesheet: string;
  /** #root's markup. */
  html: string;
  /** Epoch ms. */
  savedAt: number;
}

const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The service worker's answer to a cold open of a supplier's screen: the built index.html with
 * the screen's last render in #root, as a prerender (`data-prerendered`, so the app takes over
 * as it does from /login's, src/main.tsx). The language pick keeps it only where the address,
 * the device's language and the logged-in supplier (`data-supplier`, the session cookies) are
 * still the snapshot's; otherwise #root is emptied before anything is painted. None (null) for a
 * snapshot of another build (its stylesheet is not this shell's). Without the app's module
 * preloads: fetched and compiled while the document is parsed, they held back the screen's first
 * frame (measured with a phone's CPU, alternating builds: median 876 and 1,004 ms to the first
 * row painted without them, 1,068 and 1,300 ms with them); the app's entry is asked for after
 * that frame (startScript).
 */
export function injectScreen(indexHtml: string, screen: ScreenSnapshot): string | null {
  if (!indexHtml.includes(`<link rel="stylesheet" crossorigin href="${attribute(screen.stylesheet)}">`)) return null;
  const root = `<div id="root" data-prerendered data-path="${attribute(screen.path)}" data-locale="${attribute(screen.locale)}" data-supplier="${attribute(screen.supplierId)}">${withoutScripts(screen.html)}</div>`;
  // The other prerendered pages are of other addresses: nothing to parse them for.
  return replaceRoot(indexHtml, root)
    .replace(/<script type="text\/html" [^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '')
    .replace(/<html lang="[^"]*"/, () => `<html lang="${attribute(screen.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${text(screen.title)}</title>`);
}
