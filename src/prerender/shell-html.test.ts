import { afterEach, describe, expect, it } from 'vitest';
import { injectPrerendered, injectServerRendered, ROOT_HIDDEN, SERVER_STATE_ID, type PrerenderedPage } from './shell-html';

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
  '<!doctype html><html lang="zh-CN"><head><meta name="description" content="zh"><title>zh</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

/** Loads the built document as the browser would and runs its inline script. */
function open(path: string, language: string | null, html = injectPrerendered(INDEX, PAGES)) {
  history.replaceState(null, '', path);
  if (language) localStorage.setItem('language', language);
  else localStorage.removeItem('language');
  document.documentElement.innerHTML = html.replace(/^<!doctype html><html lang="zh-CN">/, '').replace(/<\/html>$/, '');
  document.documentElement.lang = 'zh-CN';
  const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  expect(scripts).toHaveLength(2);
  for (const script of scripts) new Function(script)();
  return document.getElementById('root')!;
}

const setCookie = (name: string, value: string | null) => {
  document.cookie = value === null ? `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/` : `${name}=${value}; path=/`;
};

afterEach(() => {
  localStorage.clear();
  for (const name of ['auth', 'token', 'tokenish']) setCookie(name, null);
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
    expect(() => injectPrerendered(INDEX, [first!, { ...second!, html: '<main><p>a</script><p>b</p></main>' }])).toThrow(/holds a script tag/);
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
    for (const [path, hidden] of [['/platform/tenderManagement', true], ['/login', false], ['/bidDetail/42', false]] as const) {
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
  const notice = { ...page('zh-CN', 'zh-CN', '2026年度成型网年度招标项目', '/bidDetail/17'), html: '<main><h1>2026年度成型网年度招标项目</h1></main>' };
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
