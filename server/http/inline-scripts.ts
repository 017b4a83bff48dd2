import { createHash } from 'node:crypto';

/**
 * CSP sources for the inline scripts of the built index.html (the prerender's language pick,
 * src/prerender/shell-html.ts): each allowed by its own hash, so `script-src` stays 'self'
 * otherwise and no other inline script can run.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, body] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}
