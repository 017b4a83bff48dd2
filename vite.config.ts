import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { DEFAULT_LOCALE, LOCALES } from './contract/locales';
import type * as RenderPage from './src/prerender/render-page';
import type * as Pages from './src/prerender/pages';
import type * as ShellHtml from './src/prerender/shell-html';
import { precompressDir } from './server/http/precompress';

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));
const bidService = process.env.BID_SERVICE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

export const alias = {
  '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
  '@': fileURLToPath(new URL('./src', import.meta.url)),
};

/**
 * Code-split route components load through our own `lazyRouteComponent` (the 120 s chunk
 * timeout, and recovery that respects unsaved input: src/app/lazy-route-component.ts) instead
 * of TanStack Router's, which reloads on a missing chunk whatever the screen holds. The router
 * plugin adds `import { lazyRouteComponent } from '@tanstack/react-router'` to each route
 * module it splits; this swaps that import, and fails the build if a split route escaped.
 */
export function routeChunkRecovery(): Plugin {
  const target = fileURLToPath(new URL('./src/app/lazy-route-component.ts', import.meta.url));
  const routeImport = /import\s*\{\s*lazyRouteComponent\s*\}\s*from\s*["']@tanstack\/react-router["'];?/;
  return {
    name: 'portal:route-chunk-recovery',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/src/routes/') || id.includes('tsr-split') || !code.includes('lazyRouteComponent')) return null;
      if (!routeImport.test(code)) this.error(`${id}: split route without the expected lazyRouteComponent import`);
      return { code: code.replace(routeImport, `import { lazyRouteComponent } from ${JSON.stringify(target)};`), map: null };
    },
  };
}

/**
 * The public screens of src/prerender/pages.ts (/login, /visitLogin) prerendered into index.html
 * in every language: the forms and the notice board's frame paint before the JavaScript has arrived. Rendered by the app's own
 * components through a short-lived Vite server in SSR mode (the same plugins: Lingui catalogs,
 * route splitting), before the service worker's precache list takes index.html's revision.
 */
export function prerender(): Plugin {
  return {
    name: 'portal:prerender',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const server = await createServer({
          server: { middlewareMode: true, hmr: false, ws: false, watch: null },
          appType: 'custom',
          logLevel: 'error',
        });
        try {
          const { renderPage } = (await server.ssrLoadModule('/src/prerender/render-page.tsx')) as typeof RenderPage;
          const { injectPrerendered } = (await server.ssrLoadModule('/src/prerender/shell-html.ts')) as typeof ShellHtml;
          const { PRERENDERED_PAGES } = (await server.ssrLoadModule('/src/prerender/pages.ts')) as typeof Pages;
          const pages = [];
          // The first page in the default language goes into #root, the others as raw text (src/prerender/shell-html.ts).
          for (const { path, unless } of PRERENDERED_PAGES) {
            for (const locale of [DEFAULT_LOCALE, ...LOCALES.filter((l) => l !== DEFAULT_LOCALE)])
              pages.push({ ...(await renderPage(path, locale)), unless });
          }
          return injectPrerendered(html, pages);
        } finally {
          await server.close();
        }
      },
    },
  };
}

/**
 * Brotli and gzip variants of every text file of the build, made after everything else (the
 * service worker included) is written; served by content negotiation (server/http/precompress.ts).
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const r = await precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
        this.info(`precompressed ${r.files} files: ${kb(r.bytes)} -> brotli ${kb(r.brotliBytes)}, gzip ${kb(r.gzipBytes)}`);
      },
    },
  };
}

/**
 * The server render's bundle: src/prerender/server-entry.tsx built for Node into `<outDir>-ssr`
 * (dist-ssr) beside the portal, never served or precached. The bid service renders a public
 * notice's screen and /login with it (server/render/server-render.ts); without it, those are the plain shell.
 */
export function serverRenderBundle(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:server-render-bundle',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias },
          plugins: [routerPlugin(), reactWithLingui(), lingui(), routeChunkRecovery()],
          build: {
            ssr: fileURLToPath(new URL('./src/prerender/server-entry.tsx', import.meta.url)),
            outDir: `${outDir}-ssr`,
            emptyOutDir: true,
            target: 'node20',
            rollupOptions: { output: { entryFileNames: 'server-entry.mjs', chunkFileNames: '[name]-[hash].mjs' } },
          },
        });
      },
    },
  };
}

const routerPlugin = () =>
  tanstackRouter({
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: 'src/routes',
    generatedRouteTree: 'src/routeTree.gen.ts',
    routeFileIgnorePattern: '\\.test\\.tsx?$',
  });

export const reactWithLingui = () => react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } });

export default defineConfig({
  resolve: { alias },
  plugins: [
    routerPlugin(),
    reactWithLingui(),
    lingui(),
    tailwindcss(),
    routeChunkRecovery(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/offline',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest,
      // The glob below already takes the icons; listing them again would precache them twice.
      includeManifestIcons: false,
      // Shell, every route chunk, every locale catalog (each a JS chunk), icons and any fonts.
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2}'] },
      devOptions: { enabled: false },
    }),
    prerender(),
    precompress(),
    serverRenderBundle(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The real budget is gzip size, measured by `npm run bench` (DESIGN.md section 7); React alone is ~190 kB raw.
    chunkSizeWarningLimit: 300,
    rollupOptions: {
      // Every route definition (its search validation and loader, not its split-off screens) is
      // needed at start. Left to Rollup, each became a chunk of its own, shared with its lazy
      // screen, and each carried its own list of the screen's files to preload: 63 scripts and
      // 173 kB gzip on /login. Held in one chunk they are 13 scripts and 152 kB (docs/benchmarks.md).
      // Chunks under 1 KB (a Field, a date formatter, an api call's options) are merged into a
      // chunk always loaded with them: /login asked for 13 scripts, now 12, for the same bytes.
      output: {
        experimentalMinChunkSize: 1_000,
        manualChunks: (id) => (/\/src\/(routes\/|routeTree\.gen\.ts)/.test(id) && !id.includes('tsr-split') ? 'routes' : undefined),
      },
      // zod ships `@__PURE__` comments Rollup cannot place; they are harmless and not ours to fix.
      onwarn(warning, warn) {
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules')) return;
        warn(warning);
      },
    },
  },
  server: { proxy: { '/bid-web': { target: bidService, changeOrigin: true } } },
  preview: { proxy: { '/bid-web': { target: bidService, changeOrigin: true } } },
});
