import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../test/helper';

const dist = mkdtempSync(join(tmpdir(), 'dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
const t = await build({ staticDir: dist });

describe('serving the built portal', () => {
  it('serves files, with long caching for hashed assets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('falls back to index.html for client routes', async () => {
    for (const url of ['/login', '/platform/home', '/bidDetail/12']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>portal</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('never falls back under /bid-web/', async () => {
    for (const url of ['/bid-web/bid-service/unknown', '/bid-web/other']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.json()).toMatchObject({ code: 'E404' });
    }
  });
});
