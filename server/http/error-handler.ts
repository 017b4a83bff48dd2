import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code } from '../../contract/codes';
import { BASE_PATH } from '../../contract/http';
import { isMessageKey } from '../../contract/messages';
import { ApiError, type FieldProblem } from './api-error';
import { sendEnvelope } from './envelope';

/** Fastify's own errors for bad input, mapped to a code of the contract. */
const FASTIFY_CODES: Record<string, [typeof Code[keyof typeof Code], 'invalid' | 'tooLarge' | 'unsupportedType' | 'fileMissing']> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [Code.unsupportedType, 'unsupportedType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [Code.invalid, 'invalid'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [Code.invalid, 'invalid'],
  FST_ERR_CTP_INVALID_JSON_BODY: [Code.invalid, 'invalid'],
  FST_ERR_CTP_BODY_TOO_LARGE: [Code.tooLarge, 'tooLarge'],
  FST_REQ_FILE_TOO_LARGE: [Code.tooLarge, 'tooLarge'],
  FST_PARTS_LIMIT: [Code.invalid, 'invalid'],
  FST_FILES_LIMIT: [Code.invalid, 'invalid'],
  FST_FIELDS_LIMIT: [Code.invalid, 'invalid'],
  FST_PROTO_VIOLATION: [Code.invalid, 'invalid'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [Code.unsupportedType, 'unsupportedType'],
  FST_NO_FORM_DATA: [Code.invalid, 'fileMissing'],
};

/** `/a/0/b` (zod issue path) -> `a.0.b`. */
const fieldOf = (instancePath: string) => instancePath.replace(/^\//, '').replaceAll('/', '.');

/** `spa`: the built portal is served, so unknown non-service GETs get its index.html. */
export function installErrorHandling(app: FastifyInstance, spa: boolean): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
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
    // Any other 4xx from a plugin is still the client's fault: say so without a 5xx.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      req.log.info({ err: error }, 'bad request');
      return sendEnvelope(req, reply, Code.invalid, 'invalid');
    }
    req.log.error({ err: error }, 'unhandled error');
    return sendEnvelope(req, reply, Code.internal, 'internal');
  });

  // Unknown service paths answer the envelope; anything else is the portal's (SPA fallback).
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // Never fall back under /bid-web/: a missing service path must not answer HTML.
    if (!spa || path.startsWith('/bid-web/') || path === BASE_PATH || !['GET', 'HEAD'].includes(req.method)) {
      return sendEnvelope(req, reply, Code.notFound, 'notFound');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
