import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TIME_ZONE_META } from '../../contract/time-zone';

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const compress: Record<Encoding, (html: string, best: boolean) => Promise<Buffer>> = {
  br: (html, best) => brotliAsync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: best ? constants.BROTLI_MAX_QUALITY : 5 } }),
  gzip: (html, best) => gzipAsync(html, { level: best ? constants.Z_BEST_COMPRESSION : constants.Z_DEFAULT_COMPRESSION }),
};

/**
 * A document the service answers, compressed once per encoding on first demand: fast for a
 * render that lives seconds, `best` for the shell, which lives as long as the process.
 */
export interface HtmlPage {
  html: string;
  best?: boolean;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

export const htmlPage = (html: string, best = false): HtmlPage => ({ html, best, encoded: {} });

/** Sends `page` as HTML, brotli or gzip when the request accepts it (headers other than the type are the caller's). */
export async function sendHtml(req: FastifyRequest, reply: FastifyReply, page: HtmlPage): Promise<FastifyReply> {
  reply.type('text/html; charset=utf-8');
  const encoding = negotiate(req.headers['accept-encoding'] ?? '', ENCODINGS);
  if (!encoding) return reply.send(page.html);
  const body = await (page.encoded[encoding] ??= compress[encoding](page.html, page.best ?? false));
  return reply.header('content-encoding', encoding).send(body);
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The built index.html as the service serves it: with the buyer's time zone (TIME_ZONE) in a
 * `<meta name="time-zone">` the portal and the server render read (src/ui/format.ts), so that a
 * setting of the service, not the build, says which zone times are shown in.
 */
export function servedShell(indexHtml: string, timeZone: string): string {
  const meta = `<meta name="${TIME_ZONE_META}" content="${escapeAttribute(timeZone)}" />`;
  const headEnd = indexHtml.indexOf('</head>');
  if (headEnd >= 0) return `${indexHtml.slice(0, headEnd)}  ${meta}\n  ${indexHtml.slice(headEnd)}`;
  // No head written out: the meta goes first (after the doctype), where the parser opens one.
  const doctype = /^\s*<!doctype html>/i.exec(indexHtml)?.[0] ?? '';
  return `${doctype}${meta}${indexHtml.slice(doctype.length)}`;
}
