import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build } from '../test/helper';
import { precompressDir } from './precompress';

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
mkdirSync(join(dist, 'assets'));
// Big enough to be compressed (at least 1 KB), and text that compresses well.
const script = `${'console.log("portal");\n'.repeat(200)}`;
const shell = `<!doctype html><title>portal</title>${'<p>供应商门户</p>'.repeat(100)}<script>pickLanguage()</script>`;
writeFileSync(join(dist, 'index.html'), shell);
writeFileSync(join(dist, 'assets', 'app-1234.js'), script);
writeFileSync(join(dist, 'assets', 'tiny-1234.js'), 'console.log(1)');
writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /platform/\n');
// The service worker's script, big enough to be sent compressed.
writeFileSync(join(dist, 'sw.js'), script);
const made = await precompressDir(dist);
/** The shell as the service serves it: with the buyer's time zone (http/html-page.ts). */
const served = `<!doctype html><meta name="time-zone" content="Asia/Shanghai" />${shell.slice('<!doctype html>'.length)}`;
const t = await build({ staticDir: dist });

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('precompressDir (the build step)', () => {
  it('writes brotli and gzip beside each text file worth it, byte-equal once decompressed', () => {
    expect(made.files).toBe(3);
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'app-1234.js.br'))).toString()).toBe(script);
    expect(gunzipSync(readFileSync(join(dist, 'index.html.gz'))).toString()).toBe(shell);
    expect(made.brotliBytes).toBeLessThan(made.bytes / 5);
  });

  it('leaves files under 1 KB alone', () => {
    expect(() => readFileSync(join(dist, 'assets', 'tiny-1234.js.br'))).toThrow(/ENOENT/);
  });
});

describe('serving the built portal', () => {
  it("allows the shell's own inline script by its hash, and no other inline script", async () => {
    const csp = String((await get('/login')).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${createHash('sha256').update('pickLanguage()').digest('base64')}'`);
  });

  it('serves files, with long caching for hashed assets', async () => {
    const res = await get('/assets/tiny-1234.js');
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('sends the headers only a document reads with documents and the worker’s script, not with every file', async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-xss-protection',
    ];
    for (const [url, encoding] of [
      ['/assets/app-1234.js', 'br'],
      ['/assets/tiny-1234.js', undefined],
      ['/robots.txt', undefined],
    ] as const) {
      const res = await get(url, encoding);
      expect(res.statusCode).toBe(200);
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      // What protects any file stays.
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
    for (const [url, encoding] of [
      ['/sw.js', 'br'],
      ['/sw.js', undefined],
      ['/index.html', 'br'],
      ['/platform/home', undefined],
    ] as const) {
      const res = await get(url, encoding);
      for (const name of documentOnly) expect(res.headers[name], `${url} ${name}`).toBeDefined();
    }
  });

  it('answers brotli to a browser that accepts it, gzip to one that accepts only gzip, plain to the rest, varying by Accept-Encoding', async () => {
    const brotli = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(script);
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.headers['cache-control']).toContain('immutable');

    const gzip = await get('/assets/app-1234.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/app-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('falls back to index.html for client routes, compressed too and never cached unchecked', async () => {
    for (const url of ['/login', '/platform/home', '/bidDetail/12']) {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(served);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const plain = await get('/login');
    expect(plain.body).toBe(served);
  });

  it('serves a real robots.txt, not the portal', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /platform/');
  });

  it('never falls back under /bid-web/', async () => {
    for (const url of ['/bid-web/bid-service/unknown', '/bid-web/other']) {
      const res = await get(url);
      expect(res.json()).toMatchObject({ code: 'E404' });
    }
  });
});
