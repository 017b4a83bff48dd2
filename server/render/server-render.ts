import { Worker } from 'node:worker_threads';
import { parse as parseCookies } from 'cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_PATH, COOKIE } from '../../contract/http';
import { type HtmlPage, sendHtml } from '../http/html-page';

/**
 * The server render of public screens (SERVER_RENDERED: a notice, and /login with the first page
 * of notices) and of a supplier's screens with its session (SESSION_RENDERED): the document carries
 * the data as the app's own components render it (the portal's
 * server bundle, dist-ssr, src/prerender/server-entry.tsx), so a phone paints it before any
 * JavaScript has arrived, and the app's first render takes over from the same reads
 * (src/app/server-state.ts). The build's prerender paints the forms; the data is only known here.
 *
 * The render runs on a worker thread, one at a time, and its calls go through this service's
 * own routes (`inject`): what it shows is what the portal would read. Whatever stands in the way
 * answers the plain shell, which the app renders as it always did: no server bundle, a logged-in
 * supplier on a public screen (whose screen differs), a supplier's screen without a session, a
 * render that fails or takes longer than RENDER_TIMEOUT_MS, or MAX_WAITING renders already queued
 * (public and supplier's screens alike). Public renders are kept for CACHE_MS (the app's own
 * staleTime is longer), at most CACHE_ENTRIES of them; a supplier's never are.
 */
export interface ServerRenderOptions {
  /** dist-ssr/server-entry.mjs. */
  entry: string;
  /** The built index.html as served (http/html-page.ts), with its prerendered #root. */
  indexHtml: string;
  /** That shell, answered where there is no render. */
  shell: HtmlPage;
}

/**
 * The screens rendered here, with what each renders: a public notice, and /login with the first
 * page of notices (the root is /login, as the portal's router and the language pick have it).
 */
export const SERVER_RENDERED: Record<string, (path: string) => string> = {
  '/bidDetail/:id': (path) => path,
  '/login': (path) => path,
  '/': () => '/login',
};
/** A record's id (a UUID: the database's ids), so `/new` is not taken for one. */
const ID = ':id([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
/**
 * A supplier's screens, rendered with the request's own session (its cookies, so its calls carry
 * its token) when a logged-in browser asks for one: a device without the portal's service worker
 * (a first visit, storage cleared, a link opened elsewhere), which otherwise waits for the app's
 * code and then its reads before anything shows. The installed app never asks: its service worker
 * answers with the shell and the screen's last render on the device (src/offline/sw.ts). Never
 * kept, and answered `private`: the document holds one supplier's data. The screens a supplier
 * reads: the lists and the records (a record's own form shows its draft once the app has taken
 * over, src/app/prerender-handoff.ts carrying over what was typed meanwhile); not the forms of
 * new records, which are their drafts, only the app can read them.
 */
export const SESSION_RENDERED = [
  '/platform/home',
  '/platform/tenderManagement',
  `/platform/tenderManagement/${ID}`,
  '/platform/bargaining',
  `/platform/bargaining/${ID}`,
  '/platform/communicateRecord',
  `/platform/communicateRecord/${ID}`,
  '/platform/visitorApplyNew',
];
export const RENDER_TIMEOUT_MS = 3_000;
export const MAX_WAITING = 8;
export const CACHE_MS = 10_000;
export const CACHE_ENTRIES = 256;

interface Rendered extends HtmlPage {
  at: number;
}

/** What a request was served (metrics: server_renders_total). */
type Outcome = 'rendered' | 'kept' | 'session' | 'noSession' | 'redirected' | 'busy' | 'failed';

interface Waiting {
  /** The document, or null where the screen sent elsewhere (a redirect): the plain shell then. */
  resolve: (html: string | null) => void;
  reject: (error: Error) => void;
}

export async function serverRender(app: FastifyInstance, { entry, indexHtml, shell }: ServerRenderOptions): Promise<void> {
  let worker: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<string, Waiting>();
  const cache = new Map<string, Rendered>();
  const underWay = new Map<string, Promise<Rendered | null>>();

  function start(): Worker {
    const thread = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { entry, indexHtml } });
    thread.unref();
    thread.on('message', (message: { id: string; op?: string; html?: string | null; error?: string }) => {
      if (message.op === 'call') return void answer(thread, message as unknown as Call);
      const wait = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error !== undefined) wait?.reject(new Error(message.error));
      else if (message.html !== undefined) wait?.resolve(message.html);
    });
    const fail = (error: Error) => {
      if (worker === thread) worker = null;
      for (const wait of waiting.values()) wait.reject(error);
      waiting.clear();
    };
    thread.on('error', fail);
    thread.on('exit', (code) => fail(new Error(`the server render's thread exited (${code})`)));
    return thread;
  }

  /** A call of the screen, answered by this service's own route, as the portal would be. */
  async function answer(thread: Worker, call: Call): Promise<void> {
    const url = new URL(call.url, 'http://render.invalid');
    const reply = url.pathname.startsWith(`${BASE_PATH}/`)
      ? // A service closing under the render answers as a network failure would.
        await app
          .inject({ method: call.method as 'GET', url: `${url.pathname}${url.search}`, headers: call.headers, payload: call.body })
          .catch(() => ({ statusCode: 503, headers: {}, body: '' }))
      : { statusCode: 404, headers: {}, body: '' };
    const headers = Object.fromEntries(
      Object.entries(reply.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    thread.postMessage({ id: call.id, op: 'answer', status: reply.statusCode, headers, body: reply.body });
  }

  function render(path: string, cookies?: Cookies): Promise<string | null> {
    worker ??= start();
    const id = `r${nextId++}`;
    const thread = worker;
    return new Promise<string | null>((resolve, reject) => {
      // One render at a time: a render this late holds every other, so its thread goes (and the
      // renders queued behind it with it); the next request starts another.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`no render within ${RENDER_TIMEOUT_MS} ms`));
        void thread.terminate();
      }, RENDER_TIMEOUT_MS);
      const settle = {
        resolve: (html: string | null) => (clearTimeout(timer), resolve(html)),
        reject: (error: Error) => (clearTimeout(timer), reject(error)),
      };
      waiting.set(id, settle);
      thread.postMessage({ id, op: 'render', path, cookies });
    });
  }

  /** The rendered document of `path` (with its search), or null for the plain shell; one render for visits that arrive together. */
  async function rendered(path: string, req: FastifyRequest): Promise<{ page: Rendered | null; outcome: Outcome }> {
    const kept = cache.get(path);
    if (kept && Date.now() - kept.at < CACHE_MS) return { page: kept, outcome: 'kept' };
    const under = underWay.get(path);
    if (under) {
      const page = await under;
      return { page, outcome: page ? 'kept' : 'failed' };
    }
    if (waiting.size >= MAX_WAITING) return { page: null, outcome: 'busy' };
    const fresh = render(path).then(
      (html) => {
        // A public screen sends nowhere else; were it to, the app's own render would follow.
        if (html === null) return null;
        const page: Rendered = { at: Date.now(), html, encoded: {} };
        cache.delete(path);
        cache.set(path, page);
        if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
        return page;
      },
      (error: unknown) => {
        req.log.warn({ err: error, path }, 'server render failed; the plain shell is served');
        return null;
      },
    );
    underWay.set(path, fresh);
    void fresh.finally(() => underWay.delete(path));
    const page = await fresh;
    return { page, outcome: page ? 'rendered' : 'failed' };
  }

  /** A supplier's screen, rendered for this request alone. */
  async function renderedFor(path: string, req: FastifyRequest, cookies: Cookies): Promise<{ page: HtmlPage | null; outcome: Outcome }> {
    if (waiting.size >= MAX_WAITING) return { page: null, outcome: 'busy' };
    try {
      const html = await render(path, cookies);
      return html === null ? { page: null, outcome: 'redirected' } : { page: { html, encoded: {} }, outcome: 'rendered' };
    } catch (error) {
      req.log.warn({ err: error, path }, 'server render failed; the plain shell is served');
      return { page: null, outcome: 'failed' };
    }
  }

  app.addHook('onClose', async () => {
    await worker?.terminate();
    worker = null;
  });

  for (const [route, hrefOf] of Object.entries(SERVER_RENDERED)) {
    app.get(route, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      const [path = '/', search] = req.url.split('?', 2);
      const href = `${hrefOf(path)}${search ? `?${search}` : ''}`;
      const { page, outcome } = loggedIn(cookiesOf(req)) ? { page: null, outcome: 'session' as const } : await rendered(href, req);
      app.services.metrics.serverRenders.inc({ outcome });
      reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
      return sendHtml(req, reply, page ?? shell);
    });
  }
  for (const route of SESSION_RENDERED) {
    app.get(route, { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
      // Without a session the app sends to /login: nothing to render.
      const cookies = cookiesOf(req);
      const { page, outcome } = loggedIn(cookies)
        ? await renderedFor(req.url, req, cookies)
        : { page: null, outcome: 'noSession' as const };
      app.services.metrics.serverRenders.inc({ outcome });
      reply.header('cache-control', page ? 'private, no-cache' : 'no-cache').header('vary', 'Accept-Encoding, Cookie');
      return sendHtml(req, reply, page ?? shell);
    });
  }
}

interface Call {
  id: string;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

type Cookies = Record<string, string | undefined>;
const cookiesOf = (req: FastifyRequest): Cookies => parseCookies(req.headers.cookie ?? '');

/** Both session cookies set: the portal's "logged in" (src/api/session.ts, sessionState). */
function loggedIn(cookies: Cookies): boolean {
  return Boolean(cookies[COOKIE.auth] && cookies[COOKIE.token]);
}
