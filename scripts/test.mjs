// `npm test`: type check, lint, unit and bid-service suites, build, then e2e in Chromium.
// Ends with one line "N passed, N failed" summing every suite.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, root, run } from './lib.mjs';

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
  console.error('No Chromium found. The e2e tests drive a real Chromium; install one (Debian: `apt-get install chromium`) or set CHROMIUM_PATH.');
  process.exit(1);
}

await step('type check', 'npx', ['tsc', '--noEmit', '-p', '.']);
await step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
const vitestJson = join(tmp, 'vitest.json');
rmSync(vitestJson, { force: true });
await step('unit and bid-service tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
let e2e = { passed: 0, failed: 0 };
if (!process.env.SKIP_E2E) {
  if ((await step('build', 'npx', ['vite', 'build', '--logLevel', 'warn'])) === 0) {
    const pwJson = join(tmp, 'playwright.json');
    rmSync(pwJson, { force: true });
    await step('e2e (Chromium)', 'npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson, CHROMIUM_PATH: chromium });
    e2e = counts(pwJson, (r) => ({ passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected }));
  }
}

const unit = counts(vitestJson, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests }));
console.log('\n=== summary ===');
for (const r of results) console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
console.log(`vitest: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`);
const failedSteps = results.filter((r) => r.code !== 0).length;
console.log(`${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed + (unit.failed + e2e.failed === 0 ? failedSteps : 0)} failed`);
process.exit(failedSteps > 0 ? 1 : 0);
