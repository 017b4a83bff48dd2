import { lingui } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { alias, reactWithLingui } from './vite.config';

/** Two projects: the portal's logic in jsdom, the bid service in node against a real PGlite. */
export default defineConfig({
  resolve: { alias },
  plugins: [reactWithLingui(), lingui()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'contract/**/*.test.ts'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
    ],
  },
});
