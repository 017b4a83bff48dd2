// The bid service for e2e: a fresh data directory every run, the built portal, a short code resend,
// and a server clock far from the buyer's (TZ), so that nothing a person reads may depend on it.
// STATIC_DIR serves another build than dist/ (one built with --outDir, its dist-ssr beside it).
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { root, run } from './lib.mjs';

const dataDir = resolve(root, process.env.E2E_DATA_DIR ?? '.tmp/e2e-data');
rmSync(dataDir, { recursive: true, force: true });
process.exit(
  await run('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      TZ: 'America/Los_Angeles',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  }),
);
