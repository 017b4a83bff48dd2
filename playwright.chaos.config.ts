import { defineConfig } from '@playwright/test';

/**
 * The chaos run (tests/chaos/chaos.spec.ts): long, so not part of `npm test`; `npm run chaos`
 * runs it alone and `npm run bench` runs it last. It starts its own PostgreSQL, instances, load
 * balancer and Vite dev server.
 */
export default defineConfig({
  testDir: 'tests/chaos',
  timeout: 3_600_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: { trace: 'off' },
});
