import { existsSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverRender } from '../render/server-render';
import { type HtmlPage, sendHtml } from './html-page';

/**
 * Headers that mean something for a document, or a worker's own script, only (helmet sets them on
 * every answer): a stylesheet, a module, an icon or the manifest goes without them, about 700
 * bytes less on each of the hundred-odd files a first visit's precache fetches. What protects any
 * file stays: nosniff and the cross-origin resource policy.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
/** A document or the service worker's script (or their compressed variant, which is what is sent): under its own CSP. */
const DOCUMENT = /(\.html|[/\\]sw\.js)(\.br|\.gz)?$/;

/**
 * The built portal (`staticDir`, with its `index.html`, served as `shell`): its files, with the build's brotli and
 * gzip variants (http/precompress.ts) chosen by Accept-Encoding, and a public notice rendered by
 * the service when the build's server bundle is beside it (`<staticDir>-ssr`, render/server-render.ts).
 * Unknown paths outside the service get index.html (http/error-handler.ts).
 */
export async function servePortal(app: FastifyInstance, staticDir: string, shell: HtmlPage): Promise<void> {
  // The shell as the service serves it (the service worker precaches /index.html), not as built.
  app.get('/index.html', { schema: { hide: true } }, (req, reply) =>
    sendHtml(req, reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding'), shell),
  );
  await app.register(fastifyStatic, {
    index: false,
    root: resolve(staticDir),
    wildcard: true,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      // Hashed assets never change; the shell and the service worker must be revalidated.
      res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
      // `res` is the raw response (as @fastify/static calls it), where helmet put its headers; its type lists less.
      if (!DOCUMENT.test(path)) for (const name of DOCUMENT_ONLY_HEADERS) (res as unknown as ServerResponse).removeHeader(name);
    },
  });
  // vite.config.ts, serverRenderBundle.
  const entry = `${resolve(staticDir)}-ssr/server-entry.mjs`;
  if (existsSync(entry)) await app.register(serverRender, { entry, indexHtml: shell.html, shell });
}
