import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies, and import cycles (`npm run lint`). Knip's plugins find
 * most entry points by themselves: the portal's from index.html (src/main.tsx) and vite.config.ts
 * (the service worker src/offline/sw.ts, through vite-plugin-pwa), the routes from
 * src/routeTree.gen.ts (TanStack Router), server/cli.ts and the scripts from package.json, the
 * tests from vitest.config.ts and the Playwright configs. Listed here are the ones no plugin sees.
 */
const config: KnipConfig = {
  entry: [
    // The server render's bundle (vite.config.ts builds it through the Vite API) and the one
    // vitest runs in its place.
    'src/prerender/server-entry.tsx',
    'server/render/fixtures/server-entry.mjs',
    // The bid service, started by scripts through `tsx` and `--import tsx`.
    'server/main.ts',
    // worker_threads and child_process entries, loaded by their path.
    'server/render/render-worker.mjs',
    'server/db/pglite-worker.mjs',
    'server/bench/instance.ts',
    'server/bench/load-client.ts',
    // Benchmarks run by scripts/bench.mjs.
    'server/bench/{list-by-page,starvation,home,enquiry-detail,instances}.ts',
    'scripts/*.mjs',
    // Writes the committed inquiry letters (tests/fixtures/README.md).
    'tests/fixtures/make-inquiry-letters.ts',
  ],
  project: ['src/**/*.{ts,tsx,css}', 'server/**/*.{ts,mts,mjs}', 'contract/**/*.ts', 'scripts/**/*.{mjs,mts}', 'tests/**/*.ts', '*.ts'],
  // Knip's default issue types, and import cycles, which it leaves out unless asked.
  include: [
    'files',
    'dependencies',
    'devDependencies',
    'optionalPeerDependencies',
    'unlisted',
    'binaries',
    'unresolved',
    'exports',
    'types',
    'enumMembers',
    'namespaceMembers',
    'duplicates',
    'catalog',
    'catalogReferences',
    'cycles',
  ],
  /**
   * An import cycle runs one of its modules before the other has finished (a value read too
   * early is `undefined`, or a TDZ error). A type-only import is erased from the JavaScript and
   * cannot close one, so it is allowed. A dynamic import() counts: a lazy import that closes a
   * cycle still makes the order depend on which module loads first. The deliberate lazy loading
   * of a route or chunk closes none as long as the chunk does not import its loader back (what
   * both need goes to a module both import, as update-offer.tsx does for pwa.ts); the router
   * plugin's route splitting is not in the sources at all. A deliberate exception would be
   * listed in `allow`, with its reason.
   */
  cycles: { dynamicImports: true },
  // An export used in its own file is not dead code: only one nobody uses at all is reported.
  ignoreExportsUsedInFile: true,
  // bench-outbox.mjs imports the portal's modules inside the page, from the Vite dev server.
  ignoreUnresolved: ['^/src/'],
  // Tailwind is brought in by src/styles.css (`@import 'tailwindcss'`): read the CSS imports.
  compilers: {
    css: (text: string) => [...text.matchAll(/(?<=@)import[^;]+/g)].join('\n'),
  },
};

export default config;
