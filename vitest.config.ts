import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { alias, reactWithLingui } from './vite.config';

const server = {
  environment: 'node' as const,
  include: ['server/**/*.test.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

/**
 * The portal's logic in jsdom; the bid service in node against a real PGlite, and the same
 * suites again against a real PostgreSQL when TEST_DATABASE_URL names one (`npm test` starts a
 * throwaway cluster when PostgreSQL is installed, and says so when it is not).
 */
export default defineConfig({
  resolve: { alias },
  plugins: [reactWithLingui(), lingui()],
  test: {
    // A test left with `.only` would hide all the others: fatal in CI (npm test passes --allowOnly=false too).
    allowOnly: !process.env.CI,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
          // A screen test types, uploads and waits on IndexedDB: 2-3 s alone, and more on a 2-core
          // CI machine running every project at once (5 s, the default, timed out there).
          testTimeout: 20_000,
        },
      },
      { extends: true, test: { name: 'server', ...server } },
      ...(process.env.TEST_DATABASE_URL
        ? [{ extends: true as const, test: { name: 'server:postgres', ...server, env: { TEST_ENGINE: 'postgres' } } }]
        : []),
    ],
  },
});
