// Renders the portal's icons from one SVG drawing with Chromium (playwright-core):
//   node scripts/make-icons.mjs
// Writes public/favicon.svg and the PNGs that manifest.webmanifest and index.html name.
import { mkdirSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const BRAND = '#0f5e4a';
/** A folded carton on a 64 x 64 grid, centred on (32, 32). */
const CARTON = `
  <path d="M32 13 50 22v20L32 51 14 42V22l18-9Z" fill="#d6ece3"/>
  <path d="M14 22l18 9 18-9-18-9-18 9Z" fill="#ffffff"/>
  <path d="M32 31v20l18-9V22l-18 9Z" fill="#7fbda6"/>
  <path d="m23 17.5 18 9v6l-4-2v-5l-18-9 4-2Z" fill="${BRAND}" fill-opacity=".28"/>`;

/** Rounded tile, transparent corners: favicon and "any" icons. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${BRAND}"/>${CARTON}</svg>`;
/** Full-bleed green with the carton well inside the 80% safe circle: maskable and Apple icons (the platform rounds them). */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${CARTON}</g></svg>`;

const outputs = [
  { file: 'public/icons/icon-192.png', size: 192, svg: rounded, transparent: true },
  { file: 'public/icons/icon-512.png', size: 512, svg: rounded, transparent: true },
  // Carton half-diagonal is 26.2 units; at 0.82 it spans 21.5 < 25.6 (the 80% safe radius).
  { file: 'public/icons/maskable-192.png', size: 192, svg: fullBleed(0.82) },
  { file: 'public/icons/maskable-512.png', size: 512, svg: fullBleed(0.82) },
  { file: 'public/icons/apple-touch-icon-180.png', size: 180, svg: fullBleed(0.9) },
];

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/favicon.svg', `${rounded}\n`);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg, transparent } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: file, omitBackground: Boolean(transparent), clip: { x: 0, y: 0, width: size, height: size } });
    console.log('wrote', file);
  }
} finally {
  await browser.close();
}
