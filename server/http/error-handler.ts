import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code } from '../../contract/codes';
import { BASE_PATH } from '../../contract/http';
import { isMessageKey, type MessageKey } from '../../contract/messages';
import { ApiError, type FieldProblem } from './api-error';
import { sendEnvelope } from './envelope';
import { type HtmlPage, sendHtml } from './html-page';

/** Fastify's own errors for bad input, mapped to a code of the contract. */
const FASTIFY_CODES: Record<string, [(typeof Code)[keyof typeof Code], MessageKey]> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [Code.unsupportedType, 'unsupportedType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [Code.invalid, 'invalid'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [Code.invalid, 'invalid'],
  FST_ERR_CTP_INVALID_JSON_BODY: [Code.invalid, 'invalid'],
  FST_ERR_CTP_BODY_TOO_LARGE: [Code.tooLarge, 'bodyTooLarge'],
  FST_REQ_FILE_TOO_LARGE: [Code.tooLarge, 'tooLarge'],
  FST_PARTS_LIMIT: [Code.invalid, 'invalid'],
  // `files: 1`: a second file in one upload is refused, never silently dropped.
  FST_FILES_LIMIT: [Code.invalid, 'oneFilePerRequest'],
  FST_FIELDS_LIMIT: [Code.invalid, 'invalid'],
  FST_PROTO_VIOLATION: [Code.invalid, 'invalid'],
  FST_MP_PREMATURE_CLOSE: [Code.invalid, 'badRequest'],
  FST_INVALID_JSON_FIELD_ERROR: [Code.invalid, 'badRequest'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [Code.unsupportedType, 'unsupportedType'],
  FST_NO_FORM_DATA: [Code.invalid, 'fileMissing'],
};

/**
 * The multipart parser's (busboy's) own errors carry no code: a body without its boundary, cut
 * short or otherwise malformed. Only on a multipart request, so no other error is taken for one.
 */
const MULTIPART_PARSER_ERROR = /^Multipart: |unexpected end of multipart data|terminated early|malformed/i;
const isMultipartParserError = (error: FastifyError, req: FastifyRequest) =>
  !error.code && typeof req.isMultipart === 'function' && req.isMultipart() && MULTIPART_PARSER_ERROR.test(error.message);

/**
 * A PostgreSQL data exception (SQLSTATE class 22: invalid byte sequence such as a NUL, invalid
 * text representation, string too long, number or date out of range). The contract's rules keep
 * bad input away from the database; when one still gets through, the input was at fault: E400,
 * never E500. PGlite raises the same `code` as node-postgres.
 */
const isDataException = (error: FastifyError) => typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code);

/** `/a/0/b` (zod issue path) -> `a.0.b`. */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/** How much of an unread body is read and thrown away before answering, and for how long at most. */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * A refusal can come before the body was read (a Content-Length over the limit, a wrong content
 * type, an upload refused before its file): the rest of the body is still on its way. Closing
 * the connection then makes the kernel reset it, and the client sees a reset instead of the
 * answer. So the rest is read and thrown away first (up to 16 MB and 10 s; beyond, the
 * connection is closed as before). Resolves at once when the body was already read.
 */
function discardUnreadBody(req: FastifyRequest): Promise<void> {
  const raw = req.raw;
  if (raw.complete || raw.readableEnded || raw.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let read = 0;
    const finish = () => {
      clearTimeout(timer);
      raw.off('data', onData).off('end', finish).off('error', finish).off('close', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > DISCARD_MAX_BYTES) finish();
    };
    const timer = setTimeout(finish, DISCARD_MAX_MS);
    raw.on('data', onData).once('end', finish).once('error', finish).once('close', finish);
    raw.resume();
  });
}

/** The envelope for a failure: a refusal of the contract's, or E500 for what is really ours. */
function answer(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    // A duplicate of a write still running: the one E409 to retry, said so machine-readably.
    if (error.key === 'inProgress') reply.header('retry-after', '1');
    return sendEnvelope(req, reply, error.code, error.key, error.fields);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldProblem[] = error.validation.map((issue) => ({
      field: fieldOf(issue.instancePath ?? ''),
      key: issue.message && isMessageKey(issue.message) ? issue.message : 'invalid',
    }));
    return sendEnvelope(req, reply, Code.invalid, 'invalid', fields);
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendEnvelope(req, reply, mapped[0], mapped[1]);
  if (isMultipartParserError(error, req)) {
    req.log.info({ err: error }, 'malformed multipart body');
    return sendEnvelope(req, reply, Code.invalid, 'badRequest');
  }
  if (isDataException(error)) {
    req.log.warn({ err: error }, 'database refused the input');
    return sendEnvelope(req, reply, Code.invalid, 'invalid');
  }
  // Any other 4xx from a plugin is still the client's fault: say so without a 5xx.
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    req.log.info({ err: error }, 'bad request');
    return sendEnvelope(req, reply, Code.invalid, 'invalid');
  }
  req.log.error({ err: error }, 'unhandled error');
  return sendEnvelope(req, reply, Code.internal, 'internal');
}

/** `shell`: the built portal is served, so unknown non-service GETs get its index.html as served. */
export function installErrorHandling(app: FastifyInstance, shell: HtmlPage | null): void {
  app.setErrorHandler(async (error: FastifyError, req, reply) => {
    await discardUnreadBody(req);
    return answer(error, req, reply);
  });

  // Unknown service paths answer the envelope; anything else is the portal's (SPA fallback).
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // Never fall back under /bid-web/: a missing service path must not answer HTML.
    if (!shell || path.startsWith('/bid-web/') || path === BASE_PATH || !['GET', 'HEAD'].includes(req.method)) {
      return sendEnvelope(req, reply, Code.notFound, 'notFound');
    }
    return sendHtml(req, reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding'), shell);
  });
}
