// `npm run bench`: every benchmark of DESIGN.md section 7 that exists, with figures against targets.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium, portalIsStale, root, run, startScratchPostgres } from './lib.mjs';

/** Runs a benchmark script: its figures are echoed, its last JSON line is its result. */
function runJson(cmd, args, env = {}) {
  const out = execFileSync(cmd, args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = out.trim().split('\n');
  for (const line of lines) if (!line.startsWith('{')) console.log(line);
  return JSON.parse(lines.filter((l) => l.startsWith('{')).pop());
}

const results = {};
if (!findChromium()) {
  console.error('No Chromium found: install one (Debian: `apt-get install chromium`) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (portalIsStale() && (await run('npx', ['vite', 'build', '--logLevel', 'warn'])) !== 0) process.exit(1);

console.log('\n=== bundle: first-load JavaScript of /login ===');
results.bundle = runJson('node', ['scripts/bench-bundle.mjs']);
console.log(`first load of /login: ${results.bundle.firstLoadLoginGzipKB} KB gzip (target <= 150 KB)`);
console.log(
  `  as served (${results.bundle.firstLoadLoginEncodings.join(', ')}): ${results.bundle.firstLoadLoginServedKB} KB; before the load event ${results.bundle.loginScriptsServedKBBeforeLoad} KB in ${results.bundle.loginScriptsBeforeLoad} scripts (target <= 150 KB in <= 12)`,
);
console.log(`largest later route chunk: ${results.bundle.largestLaterChunkGzipKB} KB gzip (target <= 50 KB)`);
for (const { screen, gzipKB } of results.bundle.screens) console.log(`${screen}: ${gzipKB} KB gzip more (target <= 50 KB)`);
console.log(
  `a first visit with the precache: ${results.bundle.firstVisit.kb} KB in ${results.bundle.firstVisit.requests} requests, ${results.bundle.firstVisit.headersKB} KB of it headers`,
);

console.log('\n=== Lighthouse, mobile, median of 3 runs: /login, /bidDetail/{id}, /visitLogin ===');
results.lighthouse = runJson('node', ['scripts/bench-lighthouse.mjs']);
console.log('(targets: performance >= 95, accessibility, best practices and SEO 100; LCP of /login <= 2.0 s; CLS < 0.02)');

console.log("\n=== the bid service's render of a public notice (/bidDetail/{id}) ===");
results.serverRender = runJson('node', ['scripts/bench-server-render.mjs']);

console.log('\n=== reading a 5,000-line .xlsx bill of materials in the browser ===');
results.billOfMaterials = runJson('node', ['scripts/bench-bom.mjs']);
console.log(
  `5,000 lines: first ${results.billOfMaterials.firstMs} ms, median ${results.billOfMaterials.medianMs} ms; JS heap growth median ${results.billOfMaterials.medianHeapGrowthMB} MB`,
);

console.log('\n=== a quote form of 500 material lines: keystrokes and submit ===');
results.quoteForm = runJson('node', ['scripts/bench-quote.mjs']);

console.log('\n=== repeat visit offline: /login with its stored list ===');
results.offlineRepeatVisit = runJson('node', ['scripts/bench-offline.mjs']);

console.log('\n=== cold open of /platform/tenderManagement, online and offline, CPU 4x slower ===');
results.coldOffline = runJson('node', ['scripts/bench-cold-offline.mjs']);

console.log('\n=== outbox: 500 queued entries, 20 queued files of 50 MB ===');
results.outbox = runJson('node', ['scripts/bench-outbox.mjs']);

console.log('\n=== SHA-256 of a 50 MB file while it uploads, against the upload alone, CPU 1x and 4x ===');
results.uploadHash = runJson('node', ['scripts/bench-hash.mjs']);

// PostgreSQL for the benchmarks of the scaled-out deployment: DATABASE_URL (each benchmark works
// in a schema of its own and drops it), or a throwaway cluster when PostgreSQL is installed.
const postgres = process.env.DATABASE_URL ? null : await startScratchPostgres();
const databaseUrl = process.env.DATABASE_URL ?? postgres?.url;
if (postgres) console.log(`\nPostgreSQL for the benchmarks below: ${postgres.version}, a throwaway cluster`);
if (!databaseUrl) console.log('\nNo PostgreSQL (set DATABASE_URL or install PostgreSQL): its benchmarks are skipped.');
const onPostgres = { DATABASE_URL: databaseUrl ?? '', BENCH_USE_DATABASE_URL: '1' };
process.once('exit', () => postgres?.stop());

/** A benchmark of the bid service on PGlite, then on PostgreSQL when there is one: its two results. */
function onBothEngines(title, script) {
  console.log(`\n=== ${title} (PGlite) ===`);
  const pglite = runJson('npx', ['tsx', script]);
  if (!databaseUrl) return [pglite, undefined];
  console.log('\n=== the same on PostgreSQL ===');
  return [pglite, runJson('npx', ['tsx', script], onPostgres)];
}

[results.listByPage, results.listByPagePostgres] = onBothEngines(
  '/business/listByPage over the demo notices and 100,000 realistic ones, 50 concurrent',
  'server/bench/list-by-page.ts',
);
for (const r of [results.listByPage, results.listByPagePostgres].filter(Boolean)) {
  console.log(`${r.database}: ${r.requestsPerSecond} req/s, p95 ${r.p95Ms} ms (target: p95 <= ${r.database === 'pglite' ? 150 : 50} ms)`);
}

[results.searchStarvation, results.searchStarvationPostgres] = onBothEngines(
  'a notice detail while 5 and 50 connections search rare terms at pages 1-5,000',
  'server/bench/starvation.ts',
);
for (const r of [results.searchStarvation, results.searchStarvationPostgres].filter(Boolean)) {
  console.log(`${r.database}: detail p50 alone ${r.idle.p50Ms} ms, with 5 ${r.five.ratio}x, with 50 ${r.fifty.ratio}x (target: within 2x)`);
}

[results.home, results.homePostgres] = onBothEngines(
  'the home page: /home/todoList and /home/messageList, 10,000 messages, 20 concurrent',
  'server/bench/home.ts',
);
for (const r of [results.home, results.homePostgres].filter(Boolean)) {
  console.log(
    `${r.database}: todoList p95 ${r.todoList.p95Ms} ms, messageList p95 ${r.messageList.p95Ms} ms (API read target: p95 <= ${r.database === 'pglite' ? 150 : 50} ms)`,
  );
}

[results.enquiryDetail, results.enquiryDetailPostgres] = onBothEngines(
  "an enquiry's detail: /enquiry/getById, demo data, 50 concurrent",
  'server/bench/enquiry-detail.ts',
);
for (const r of [results.enquiryDetail, results.enquiryDetailPostgres].filter(Boolean)) {
  console.log(`${r.database}: ${r.requestsPerSecond} req/s, p95 ${r.p95Ms} ms (target on PGlite: at least 1,000 req/s)`);
}

if (databaseUrl) {
  console.log('\n=== scaling out: the list mix through one instance and two behind the proxy (PostgreSQL) ===');
  results.instances = runJson('npx', ['tsx', 'server/bench/instances.ts'], onPostgres);
  console.log('\n=== scaling out: outbox flush of 500 entries against one instance and two, behind the proxy (PostgreSQL) ===');
  results.outboxInstances = {};
  for (const n of [1, 2]) {
    const r = runJson('node', ['--import', 'tsx', 'scripts/bench-outbox.mjs'], {
      ...onPostgres,
      BENCH_OUTBOX_INSTANCES: String(n),
      BENCH_OUTBOX_FILES: '0',
    });
    results.outboxInstances[n] = r.entries;
  }
  const [one, two] = [results.outboxInstances[1], results.outboxInstances[2]];
  console.log(
    `500 entries: one instance ${one.flushSeconds} s (${one.perSecond}/s), two instances ${two.flushSeconds} s (${two.perSecond}/s); applied ${one.appliedOnServer} and ${two.appliedOnServer}`,
  );
}

if (databaseUrl && process.env.BENCH_SKIP_CHAOS !== '1') {
  console.log('\n=== the chaos run: outbox operations under random faults, two instances on PostgreSQL (tests/chaos) ===');
  let out = '';
  try {
    out = execFileSync('npx', ['playwright', 'test', '-c', 'playwright.chaos.config.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    out = String(error.stdout ?? '');
    console.log('The chaos run FAILED:');
  }
  console.log(out.trim());
  const line = out.split('\n').find((l) => l.includes('chaos report: '));
  results.chaos = line ? JSON.parse(line.slice(line.indexOf('chaos report: ') + 'chaos report: '.length)) : { failed: true };
}

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(join(root, 'bench-results/latest.json'), `${JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2)}\n`);
console.log('\nFigures written to bench-results/latest.json');
