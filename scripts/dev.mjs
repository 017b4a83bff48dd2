// `npm run dev`: the bid service on PORT (8080) and Vite with hot reload on 5173, proxying /bid-web to it.
import { spawn } from 'node:child_process';
import { root } from './lib.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', cwd: root, env: { ...process.env, STATIC_DIR: '' } }),
  spawn('npx', ['vite', '--host'], { stdio: 'inherit', cwd: root }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
