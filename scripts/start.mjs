// `npm start`: builds the portal if needed, then starts the bid service, which serves it.
import { portalIsStale, root, run } from './lib.mjs';

if (portalIsStale()) {
  console.log('Building the portal (dist/ is missing or older than the sources)...');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
}
process.exit(await run('npx', ['tsx', 'server/main.ts'], { cwd: root, env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? 'dist' } }));
