import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serverRender } from '../render/server-render';

/**
 * The built portal (`staticDir`, with its `index.html`): its files, with the build's brotli and
 * gzip variants (http/precompress.ts) chosen by Accept-Encoding, and a public notice rendered by
 * the service when the build's server bundle is beside it (`<staticDir>-ssr`, render/server-render.ts).
 * Unknown paths outside the service get index.html (http/error-handler.ts).
 */
export async function servePortal(app: FastifyInstance, staticDir: string, indexHtml: string): Promise<void> {
  await app.register(fastifyStatic, {
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
  if (existsSync(entry)) await app.register(serverRender, { entry, indexHtml });
}
