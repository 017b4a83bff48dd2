// The build step of `npm start` and `npm run start:cluster`: the portal is built when dist/ is
// missing or older than its sources, before any bid service starts.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { portalIsStale, root } from './lib.mjs';

/**
 * Builds the portal into dist/ when the bid service is to serve dist/ (STATIC_DIR unset or
 * naming it; another folder or an empty one needs no build) and it is stale. Vite runs as a
 * child of this process, and a SIGTERM or SIGINT meanwhile is passed on to it, so that stopping
 * during the build leaves no build running. Answers the build's exit code (128 + the signal's
 * number when a signal ended it), 0 when there was nothing to build.
 */
export async function buildPortalIfStale() {
  const staticDir = process.env.STATIC_DIR ?? 'dist';
  if (staticDir === '' || resolve(staticDir) !== resolve(root, 'dist') || !portalIsStale()) return 0;
  console.log('Building the portal (dist/ is missing or older than the sources)...');
  const build = spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const pass = (signal) => build.kill(signal);
  process.on('SIGINT', pass);
  process.on('SIGTERM', pass);
  try {
    return await new Promise((done) => {
      build.once('error', (error) => {
        console.error(`the portal build could not start: ${error.message}`);
        done(1);
      });
      build.once('exit', (code, signal) => done(code ?? 128 + (constants.signals[signal] ?? 0)));
    });
  } finally {
    process.off('SIGINT', pass);
    process.off('SIGTERM', pass);
  }
}
