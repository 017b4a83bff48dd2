// First-load JavaScript of /login (gzip), measured by loading the built portal in Chromium and
// summing the gzip size of every script it fetched; and the size of every other route chunk.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { findChromium, root } from './lib.mjs';

const port = 4400 + Math.floor(Math.random() * 400);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
// Node runs tsx itself (not npx), so killing this pid stops the server.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: 'dist', LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});

const gz = (file) => gzipSync(readFileSync(join(root, 'dist', file))).length;
const kb = (n) => Math.round((n / 1024) * 10) / 10;

async function waitForServer() {
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}/bid-web/bid-service/openapi.json`);
      if (r.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('bid service did not start');
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = new Set();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.endsWith('.js') && !url.pathname.endsWith('/sw.js') && !url.pathname.includes('workbox-')) scripts.add(url.pathname.slice(1));
  });
  await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
  await browser.close();

  const loginFiles = [...scripts].sort();
  const firstLoad = loginFiles.reduce((sum, f) => sum + gz(f), 0);
  const others = readdirSync(join(root, 'dist/assets'))
    .filter((f) => f.endsWith('.js') && !scripts.has(`assets/${f}`))
    .map((f) => ({ file: `assets/${f}`, gzipKB: kb(gz(`assets/${f}`)) }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
  const result = {
    firstLoadLoginGzipKB: kb(firstLoad),
    targetKB: 150,
    loginScripts: loginFiles.map((f) => ({ file: f, gzipKB: kb(gz(f)) })),
    largestLaterChunkGzipKB: others[0]?.gzipKB ?? 0,
    laterChunkTargetKB: 50,
    laterChunks: others,
  };
  console.log(JSON.stringify(result));
} finally {
  server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
