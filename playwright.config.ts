import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4318);
export const e2eDataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

/**
 * E2E: the built portal served by the real bid service on a fresh database, driven in the
 * machine's Chromium (Playwright cannot download its own browser here).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // A test left with `.only` would hide all the others: fatal in CI (npm test passes --forbid-only too).
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    serviceWorkers: 'allow',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  // A supplier's device in China, on the buyer's clock (the bid service runs on another: scripts/e2e-server.mjs).
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, timezoneId: 'Asia/Shanghai' } }],
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${port}/bid-web/bid-service/openapi.json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), E2E_DATA_DIR: e2eDataDir },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
