import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-scripts';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script body, once, and leaves scripts with a source alone', () => {
    const html =
      '<head><script type="module" src="/assets/index.js"></script></head><body><script>a()</script><script>b()</script><script>a()</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<div id="root"></div>')).toEqual([]);
  });
});
