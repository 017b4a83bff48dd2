import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The built portal's text files compressed once, at build time (the Vite plugin in
 * vite.config.ts): `name.br` (brotli, best quality) and `name.gz` (gzip, best level) next to
 * each. The bid service serves them by content negotiation (`preCompressed` of @fastify/static,
 * `Vary: Accept-Encoding`), so a phone gets the portal's JavaScript at a third of its size and
 * the server spends no time compressing.
 */

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the saving is less than a TCP packet and the header costs as much. */
const MIN_BYTES = 1024;

const br = promisify(brotliCompress);
const gz = promisify(gzip);

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes `.br` and `.gz` beside every compressible file of `dir` worth it; answers the totals. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (await filesUnder(dir)).filter((f) => COMPRESSIBLE.test(f));
  await Promise.all(
    files.map(async (file) => {
      if ((await stat(file)).size < MIN_BYTES) return;
      const body = await readFile(file);
      const [b, g] = await Promise.all([
        br(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
        gz(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      // A variant no smaller than the file would only cost a header.
      if (b.length < body.length) await writeFile(`${file}.br`, b);
      if (g.length < body.length) await writeFile(`${file}.gz`, g);
      result.files += 1;
      result.bytes += body.length;
      result.brotliBytes += Math.min(b.length, body.length);
      result.gzipBytes += Math.min(g.length, body.length);
    }),
  );
  return result;
}
