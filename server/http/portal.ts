import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverRender } from '../render/server-render';
import { type HtmlPage, sendHtml } from './html-page';

/**
 * The built portal (`staticDir`, with its `index.html`, served as `shell`): its files, with the build's brotli and
 * gzip variants (http/precompress.ts) chosen by Accept-Encoding, and a public notice rendered by
 * the service when the build's server bundle is beside it (`<staticDir>-ssr`, render/server-render.ts).
 * Unknown paths outside the service get index.html (http/error-handler.ts).
 */
export async function servePortal(app: FastifyInstance, staticDir: string, shell: HtmlPage): Promise<void> {
  // The shell as the service serves it (the service worker precaches /index.html), not as built.
  app.get('/index.html', { schema: { hide: true } }, (req, reply) => sendHtml(req, reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding'), shell));
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
    },
  });
  // vite.config.ts, serverRenderBundle.
  const entry = `${resolve(staticDir)}-ssr/server-entry.mjs`;
  if (existsSync(entry)) await app.register(serverRender, { entry, indexHtml: shell.html, shell });
}
