// `npm test`: type check, format (Prettier), lint (ESLint, then knip), unit and bid-service suites (on PGlite, and
// on PostgreSQL when it is installed: a throwaway cluster), build, then e2e in Chromium.
// A test left with `.only` fails the run (it would hide all the others).
// Ends with one line "N passed, N failed" summing every suite; it names the e2e suite when that
// did not run (SKIP_E2E, or a failed build).
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { failedTests, findChromium, root, run, startScratchPostgres } from './lib.mjs';

const tmp = join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const results = [];

async function step(name, cmd, args, env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(cmd, args, { env: { ...process.env, ...env } });
  results.push({ name, code, seconds: Math.round((Date.now() - started) / 1000) });
  return code;
}

function counts(file, read) {
  if (!existsSync(file)) return { passed: 0, failed: 0 };
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0 };
  }
}

const chromium = findChromium();
if (!chromium && !process.env.SKIP_E2E) {
  console.error(
    'No Chromium found. The e2e tests drive a real Chromium; install one (Debian: `apt-get install chromium`) or set CHROMIUM_PATH.',
  );
  process.exit(1);
}

// The bid-service suites run on PostgreSQL too (vitest.config.ts, project server:postgres).
let postgresLine;
let postgres = null;
if (process.env.TEST_DATABASE_URL) {
  postgresLine = 'PostgreSQL: the one TEST_DATABASE_URL names';
} else {
  try {
    postgres = await startScratchPostgres();
    postgresLine = postgres
      ? `PostgreSQL: ${postgres.version}, a throwaway cluster`
      : 'PostgreSQL: not installed, so the bid-service suites ran on PGlite only (SKIPPED on PostgreSQL; install the postgresql package to run them there too)';
  } catch (error) {
    postgresLine = `PostgreSQL: installed but could not start (${error.message.split('\n')[0]})`;
    results.push({ name: 'start PostgreSQL', code: 1, seconds: 0 });
  }
}
console.log(postgresLine);
// An interrupted run (Ctrl-C, a CI timeout) removes its cluster too: pg_ctl started it detached.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    postgres?.stop();
    process.exit(130);
  });
}
const databaseEnv = postgres ? { TEST_DATABASE_URL: postgres.url } : {};

await step('type check', 'npx', ['tsc', '--noEmit', '-p', '.']);
await step('format (Prettier: npm run format writes it)', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']);
await step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
await step('unused code and import cycles (knip)', 'npx', ['knip', '--no-progress']);
const vitestJson = join(tmp, 'vitest.json');
const pwJson = join(tmp, 'playwright.json');
rmSync(vitestJson, { force: true });
rmSync(pwJson, { force: true });
await step(
  'unit and bid-service tests',
  'npx',
  ['vitest', 'run', '--allowOnly=false', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  databaseEnv,
);
postgres?.stop();
postgres = null;
let e2e = { passed: 0, failed: 0 };
// Why the e2e suite did not run, if it did not: the last line says so, not only "0 passed".
let e2eNotRun = process.env.SKIP_E2E ? 'e2e SKIPPED: SKIP_E2E is set' : null;
if (!process.env.SKIP_E2E) {
  if ((await step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) === 0) {
    await step('e2e (Chromium)', 'npx', ['playwright', 'test', '--forbid-only'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
      CHROMIUM_PATH: chromium,
    });
    e2e = counts(pwJson, (r) => ({ passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected }));
  } else {
    e2eNotRun = 'e2e NOT RUN: the build failed';
  }
}

const unit = counts(vitestJson, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));

const failed = failedTests(vitestJson, pwJson);
console.log('\n=== summary ===');
for (const { name, error } of failed.slice(0, 8)) {
  console.log(`failed: ${name}`);
  for (const line of stripVTControlCharacters(error)
    .split('\n')
    .filter((l) => l.trim() && !l.includes('node_modules'))
    .slice(0, 4))
    console.log(`    ${line.slice(0, 200)}`);
}
for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(postgresLine);
if (process.env.SKIP_E2E) console.log('e2e: SKIPPED (SKIP_E2E is set): the portal was not built nor driven in Chromium');
console.log(`vitest: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
const failedSteps = results.filter((r) => r.code !== 0).length;
console.log(
  `${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + (unit.failed + e2e.failed === 0 ? failedSteps : 0)} failed${e2eNotRun ? ` (${e2eNotRun})` : ''}`,
);
process.exit(failedSteps > 0 ? 1 : 0);
