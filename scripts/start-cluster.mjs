// `npm run start:cluster`: the scaled-out deployment on one machine, for a local try. Two
// instances of the bid service, started at the same moment (as an orchestrator starts them), on
// one PostgreSQL and one shared data folder, behind a small round-robin reverse proxy on one
// port (PORT, default 8080). DATABASE_URL names the database; without it a throwaway PostgreSQL
// cluster is started (and removed on exit) when PostgreSQL is installed. Not a production proxy:
// in production put the instances behind any load balancer (README, "Several instances").
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, startScratchPostgres, waitUntilUp } from './lib.mjs';
import { roundRobinProxy } from './round-robin-proxy.mjs';
import { buildPortalIfStale } from './start-build.mjs';

const INSTANCES = Number(process.env.INSTANCES ?? 2);
const port = Number(process.env.PORT ?? 8080);

const built = await buildPortalIfStale();
if (built !== 0) process.exit(built);

let databaseUrl = process.env.DATABASE_URL;
let postgres = null;
if (!databaseUrl) {
  postgres = await startScratchPostgres();
  if (!postgres) {
    console.error(
      'start:cluster needs PostgreSQL: set DATABASE_URL, or install PostgreSQL (apt-get install postgresql) for a throwaway one.',
    );
    process.exit(1);
  }
  databaseUrl = postgres.url;
  console.log(`PostgreSQL: ${postgres.version}, a throwaway cluster removed on exit (${databaseUrl})`);
}

// What every instance must share: the database, the data folder (files, tus uploads), the pass secret.
const dataDir = process.env.DATA_DIR ?? join(root, 'data-cluster');
mkdirSync(dataDir, { recursive: true });
const shared = {
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
  PASS_SECRET: process.env.PASS_SECRET ?? randomBytes(32).toString('hex'),
  // The proxy below is the one hop in front of the instances: they read the client's address from it.
  TRUST_PROXY: '127.0.0.1',
  // A local try shows the demo; on a real database demo data is never seeded unless asked for.
  SEED_DEMO: process.env.SEED_DEMO ?? '1',
  HOST: '127.0.0.1',
};

const upstreams = [];
const children = [];
let proxy = null;

// SIGTERM or SIGINT (npm passes both on; Ctrl-C also reaches the instances straight from the
// terminal): the proxy takes nothing new, every instance drains as on its own (server/main.ts),
// and the throwaway database goes only once they have all exited, so that none loses it
// mid-drain. Exits 0 when every instance did, else 1.
let stopping = false;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  proxy?.close();
  const codes = await Promise.all(
    children.map(
      (child) =>
        new Promise((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done(child.exitCode ?? 1);
          child.once('exit', (code) => done(code ?? 1));
          child.kill(signal);
        }),
    ),
  );
  postgres?.stop();
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

for (let i = 0; i < INSTANCES && !stopping; i++) {
  const upstream = await freePort();
  upstreams.push(upstream);
  children.push(
    spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...shared, PORT: String(upstream) },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
}

for (const upstream of upstreams) await waitUntilUp(`http://127.0.0.1:${upstream}`);

proxy = await roundRobinProxy(upstreams, port, '0.0.0.0');
console.log(
  `\nPortal and bid service: http://localhost:${port}/ (round robin over ${INSTANCES} instances on ports ${upstreams.join(', ')})`,
);
console.log(`Shared data folder: ${dataDir}`);
console.log('Demo accounts: as for npm start (see README).');

for (const child of children) child.once('exit', (code) => code && console.error(`an instance exited with ${code}`));
