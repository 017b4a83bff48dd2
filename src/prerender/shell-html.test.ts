import { afterEach, describe, expect, it } from 'vitest';
import {
  injectPrerendered,
  injectScreen,
  injectServerRendered,
  ROOT_HIDDEN,
  SERVER_STATE_ID,
  type PrerenderedPage,
  type ScreenSnapshot,
} from './shell-html';

const page = (locale: PrerenderedPage['locale'], lang: string, text: string, path = '/login'): PrerenderedPage => ({
  path,
  locale,
  lang,
  title: `${text} title`,
  description: `${text} description`,
  html: `<main><h1>${text}</h1></main><script>scrollTo(0, 0)</script>`,
});
const SIGNED_IN = 'cookies:auth token';
const PAGES = [
  { ...page('zh-CN', 'zh-CN', '供应商门户'), unless: SIGNED_IN },
  { ...page('en', 'en', 'Supplier Portal'), unless: SIGNED_IN },
  { ...page('vie', 'vi', 'Cổng nhà cung cấp'), unless: SIGNED_IN },
  { ...page('zh-CN', 'zh-CN', '获取开门二维码', '/visitLogin'), unless: 'visitor-passes' },
  { ...page('en', 'en', 'Get the door QR code', '/visitLogin'), unless: 'visitor-passes' },
];
const INDEX =
  '<!doctype html><html lang="zh-CN"><head><meta name="description" content="zh"><title>zh</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** Loads the built document as the browser would and runs its inline script. */
function open(path: string, language: string | null, html = injectPrerendered(INDEX, PAGES)) {
  history.replaceState(null, '', path);
  if (language) localStorage.setItem('language', language);
  else localStorage.removeItem('language');
  document.documentElement.innerHTML = html.replace(/^<!doctype html><html lang="zh-CN">/, '').replace(/<\/html>$/, '');
  document.documentElement.lang = 'zh-CN';
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(3);
  // The hide and the pick; the last one starts the app (its own tests below).
  for (const script of scripts.slice(0, 2)) new Function(script)();
  return document.getElementById('root')!;
}

const setCookie = (name: string, value: string | null) => {
  document.cookie = value === null ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${value}; path=/`;
};

afterEach(() => {
  localStorage.clear();
  for (const name of ['auth', 'token', 'tokenish', 'supplierId']) setCookie(name, null);
  history.replaceState(null, '', '/');
});

describe('the prerendered /login in index.html', () => {
  it('holds the default language in #root, the others as raw text (no elements built of them), without their inline scripts', () => {
    const html = injectPrerendered(INDEX, PAGES);
    expect(html).toContain(
      '<div id="root" data-prerendered data-path="/login" data-locale="zh-CN" data-unless="cookies:auth token"><main><h1>供应商门户</h1></main></div>',
    );
    expect(html).toContain(
      '<script type="text/html" data-path="/login" data-locale="en" data-unless="cookies:auth token" data-lang="en" data-title="Supplier Portal title"',
    );
    expect(html).not.toContain('scrollTo');
    open('/login', null);
    expect(document.querySelectorAll('main')).toHaveLength(1);
    expect(document.querySelector('script[data-locale="en"]')?.textContent).toBe('<main><h1>Supplier Portal</h1></main>');
  });

  it('stops the build when a page holds a script tag, which would end or change its raw text', () => {
    const [first, second] = PAGES;
    expect(() => injectPrerendered(INDEX, [first!, { ...second!, html: '<main><p>a</script><p>b</p></main>' }])).toThrow(
      /holds a script tag/,
    );
  });

  it('shows the default language when none was chosen', () => {
    const root = open('/login', null);
    expect(root.textContent).toBe('供应商门户');
    expect(root.hasAttribute('data-prerendered')).toBe(true);
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('switches to the chosen language before the first paint: texts, <html lang>, title and description', () => {
    const root = open('/login', 'vie');
    expect(root.textContent).toBe('Cổng nhà cung cấp');
    expect(document.documentElement.lang).toBe('vi');
    expect(document.title).toBe('Cổng nhà cung cấp title');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Cổng nhà cung cấp description');
  });

  it('keeps the default language for an unknown stored value', () => {
    expect(open('/', '"]garbage').textContent).toBe('供应商门户');
  });

  it('shows the page of the address in the chosen language', () => {
    expect(open('/visitLogin', 'en').textContent).toBe('Get the door QR code');
    expect(open('/visitLogin', null).textContent).toBe('获取开门二维码');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it("leaves a page out when the device holds what changes it (a visitor's passes)", () => {
    localStorage.setItem('visitor-passes', '2');
    expect(open('/visitLogin', 'en').textContent).toBe('');
    localStorage.setItem('visitor-passes', '0');
    expect(open('/visitLogin', 'en').textContent).toBe('Get the door QR code');
  });

  it('leaves /login out while a supplier is logged in on the device (both session cookies), and only then', () => {
    setCookie('auth', '1');
    setCookie('tokenish', 'x');
    expect(open('/login', null).textContent).toBe('供应商门户');
    setCookie('token', 'abc');
    const root = open('/login', 'en');
    expect(root.textContent).toBe('');
    expect(root.hasAttribute('data-prerendered')).toBe(false);
    // A session that timed out (the token gone, `auth` kept) shows the form again.
    setCookie('token', null);
    expect(open('/login', 'en').textContent).toBe('Supplier Portal');
  });

  it('drops the markup on every other path: those screens paint when the app renders them', () => {
    expect(open('/platform/home', 'en').textContent).toBe('');
    expect(document.getElementById('root')!.hasAttribute('data-prerendered')).toBe(false);
    expect(open('/bidDetail/42', null).textContent).toBe('');
    expect(open('/vie', 'vie').textContent).toBe('');
  });

  it("hides #root on a supplier's screen while the document is parsed, so /login is neither laid out nor painted there, and shows it once emptied", () => {
    const html = injectPrerendered(INDEX, PAGES);
    const [hide] = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(html.indexOf(`<script>${hide}</script>`)).toBeLessThan(html.indexOf('<div id="root"'));
    for (const [path, hidden] of [
      ['/platform/tenderManagement', true],
      ['/login', false],
      ['/bidDetail/42', false],
    ] as const) {
      history.replaceState(null, '', path);
      document.documentElement.removeAttribute(ROOT_HIDDEN);
      new Function(hide!)();
      expect(document.documentElement.hasAttribute(ROOT_HIDDEN)).toBe(hidden);
    }
    expect(open('/platform/tenderManagement', null).textContent).toBe('');
    expect(document.documentElement.hasAttribute(ROOT_HIDDEN)).toBe(false);
  });

  it('holds the last tap on a link, button or tab, and a submission, until the app takes over; a tap into a field goes through', () => {
    const form = '<main><a href="/register">注册</a><form><input id="u"><button type="submit">登录</button></form><p>text</p></main>';
    const root = open('/login', null);
    root.innerHTML = form;
    const click = (el: Element) => {
      const event = new MouseEvent('click', { bubbles: true, cancelable: true });
      el.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(click(root.querySelector('a')!)).toBe(true);
    expect(root.getAttribute('data-held-tap')).toBe('0/0');
    expect(click(root.querySelector('input')!)).toBe(false);
    expect(click(root.querySelector('p')!)).toBe(false);
    expect(click(root.querySelector('button')!)).toBe(true);
    expect(root.getAttribute('data-held-tap')).toBe('0/1/1'); // the last one
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true); // the browser never sends the form itself
    expect(root.getAttribute('data-held-tap')).toBe('0/1/1');

    // The app has taken over: taps are its own.
    root.removeAttribute('data-prerendered');
    root.removeAttribute('data-held-tap');
    expect(click(root.querySelector('a')!)).toBe(false);
    expect(root.hasAttribute('data-held-tap')).toBe(false);
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => injectPrerendered('<div id="app"></div>', PAGES)).toThrow(/root/);
  });
});

describe("the bid service's server render of a notice", () => {
  const notice = {
    ...page('zh-CN', 'zh-CN', '2026年度成型网年度招标项目', '/bidDetail/17'),
    html: '<main><h1>2026年度成型网年度招标项目</h1></main>',
  };
  const state = { queries: [{ queryKey: ['bids', 'notice', '17'], state: { data: { title: '</script><script>alert(1)</script>' } } }] };
  const built = injectPrerendered(INDEX, PAGES);

  it("replaces the build's page in #root, keeps the other pages and the language pick, and carries the reads as inert JSON", () => {
    const html = injectServerRendered(built, notice, state);
    expect(html).toContain(
      '<div id="root" data-prerendered data-path="/bidDetail/17" data-locale="zh-CN"><main><h1>2026年度成型网年度招标项目</h1></main></div>',
    );
    expect(html).not.toContain('<h1>供应商门户</h1></main></div>');
    expect(html).toContain('<script type="text/html" data-path="/login" data-locale="en"');
    // No text in the data closes the element: `<` is escaped, and the JSON reads back the same.
    const json = html.match(new RegExp(`<script type="application/json" id="${SERVER_STATE_ID}" data-lang="zh-CN">([^<]*)</script>`))?.[1];
    expect(json).toContain('\\u003c/script>');
    expect(JSON.parse(json!)).toEqual(state);
  });

  it('shows the notice at its address in the default language, and leaves it to the app for a device that chose another', () => {
    const html = injectServerRendered(built, notice, state);
    expect(open('/bidDetail/17', null, html).textContent).toBe('2026年度成型网年度招标项目');
    expect(document.getElementById(SERVER_STATE_ID)).not.toBeNull();
    const root = open('/bidDetail/17', 'en', html);
    expect(root.textContent).toBe('');
    expect(root.hasAttribute('data-prerendered')).toBe(false);
  });

  it('refuses an index.html without the prerendered #root', () => {
    expect(() => injectServerRendered(INDEX, notice, state)).toThrow(/no prerendered #root/);
  });
});

describe("a supplier's screen as it was last rendered on the device", () => {
  const screen: ScreenSnapshot = {
    path: '/platform/tenderManagement',
    locale: 'en',
    lang: 'en',
    title: 'Bid management & more <1>',
    supplierId: 'sup 7',
    stylesheet: '/assets/index.css',
    html: '<header>demo_a104</header><main><a href="/platform/tenderManagement/17">Tender 17</a></main>',
    savedAt: 0,
  };
  const built = injectPrerendered(INDEX, PAGES);
  const inject = (snapshot = screen) => injectScreen(built, snapshot)!;
  const logIn = (supplierId: string) => {
    setCookie('auth', '1');
    setCookie('token', 'abc');
    setCookie('supplierId', encodeURIComponent(supplierId));
  };

  it('goes into #root as a prerender of its address, language and supplier, with its language and title', () => {
    const html = inject();
    expect(html).toContain(
      '<div id="root" data-prerendered data-path="/platform/tenderManagement" data-locale="en" data-supplier="sup 7"><header>demo_a104</header>',
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Bid management &amp; more &lt;1></title>');
    expect(html).not.toContain('<h1>供应商门户</h1></main></div>');
    // The app's code is asked for after the screen's first frame, not preloaded before it.
    expect(built).toContain('rel="modulepreload"');
    expect(html).not.toContain('rel="modulepreload"');
    // The inline scripts are the build's, byte for byte: the CSP allows them by their hashes.
    const scripts = (doc: string) => [...doc.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts(html)).toEqual(scripts(built));
  });

  it('is not put into the shell of another build (its stylesheet is not the one it was rendered with)', () => {
    expect(injectScreen(built, { ...screen, stylesheet: '/assets/index-old.css' })).toBeNull();
  });

  it('is shown while that supplier is logged in, at its address in its language; painted, not hidden', () => {
    logIn('sup 7');
    const root = open('/platform/tenderManagement', 'en', inject());
    expect(root.textContent).toBe('demo_a104Tender 17');
    expect(root.hasAttribute('data-prerendered')).toBe(true);
    expect(document.documentElement.hasAttribute(ROOT_HIDDEN)).toBe(false);
  });

  it('is dropped before the first paint for another supplier, a timed-out or ended session, another language or address', () => {
    const html = inject();
    const shown = (path: string, language: string) => open(path, language, html).textContent !== '';
    logIn('sup 8');
    expect(shown('/platform/tenderManagement', 'en')).toBe(false);
    logIn('sup 7');
    expect(shown('/platform/tenderManagement', 'vie')).toBe(false);
    expect(shown('/platform/home', 'en')).toBe(false);
    setCookie('token', null);
    expect(shown('/platform/tenderManagement', 'en')).toBe(false);
    setCookie('auth', null);
    setCookie('token', 'abc');
    expect(shown('/platform/tenderManagement', 'en')).toBe(false);
    expect(document.getElementById('root')!.hasAttribute('data-prerendered')).toBe(false);
    expect(document.documentElement.hasAttribute(ROOT_HIDDEN)).toBe(false);
  });
});

describe("the app's start", () => {
  const startScript = (html: string) => [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)[2]!;
  const built = injectPrerendered(INDEX, PAGES);

  it("replaces Vite's module script with a preload of the entry and a start after the pick", () => {
    expect(built).not.toContain('<script type="module"');
    expect(built).toContain('<link rel="modulepreload" href="/assets/index.js">');
    // Where Vite put the script (in the head of the build): fetched as early as before.
    expect(built).toMatch(/<\/script><link rel="modulepreload" href="\/assets\/index.js"><\/body>/);
    expect(startScript(built)).toContain('import("/assets/index.js")');
    expect(() => injectPrerendered(INDEX.replace(/<script type="module"[^>]*><\/script>/, ''), PAGES)).toThrow(/entry/);
  });

  /** Runs the start script with `import` and the frame and timer functions recorded. */
  function start(supplierScreen: boolean) {
    document.body.innerHTML = supplierScreen
      ? '<div id="root" data-prerendered data-supplier="7"><main>rows</main></div>'
      : '<div id="root"></div>';
    const imported: string[] = [];
    const frames: (() => void)[] = [];
    const timers: [() => void, number][] = [];
    const body = startScript(built).replace(/import\(/, 'load(');
    new Function('load', 'requestAnimationFrame', 'setTimeout', body)(
      (entry: string) => (imported.push(entry), Promise.resolve()),
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push([callback, ms]),
    );
    return { imported, frames, timers };
  }

  it('starts the app at once where no supplier screen was put in #root', () => {
    expect(start(false).imported).toEqual(['/assets/index.js']);
  });

  it("starts it after the first frame of a supplier's screen, or after a while when none is drawn, once", () => {
    const painted = start(true);
    expect(painted.imported).toEqual([]);
    painted.frames[0]!();
    const afterFrame = painted.timers.find(([, ms]) => ms === 0)!;
    afterFrame[0]();
    expect(painted.imported).toEqual(['/assets/index.js']);
    for (const [callback] of painted.timers) callback();
    expect(painted.imported).toHaveLength(1);

    const hidden = start(true);
    hidden.timers.find(([, ms]) => ms > 0)![0]();
    expect(hidden.imported).toEqual(['/assets/index.js']);
  });
});
