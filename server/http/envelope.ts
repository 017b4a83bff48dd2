import type { FastifyReply, FastifyRequest } from 'fastify';
import { Code, type CodeValue, type FieldError } from '../../contract/codes';
import { REASON_HEADER } from '../../contract/http';
import { message, type MessageKey } from '../../contract/messages';
import type { FieldProblem } from './api-error';

/** Business outcomes travel as HTTP 200 with the envelope; only transport failures use other statuses. */
export function sendEnvelope(req: FastifyRequest, reply: FastifyReply, code: CodeValue, key: MessageKey, fields: FieldProblem[] = []) {
  const data: FieldError[] | null = fields.length ? fields.map((f) => ({ field: f.field, message: message(f.key, req.locale) })) : null;
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header(REASON_HEADER, key)
    .send({ code, message: message(key, req.locale), data });
}

/**
 * A success. Like every refusal, never kept by a cache between here and the portal (no-store):
 * most answers depend on who asks (a token, a login's credentials), and the public reads gain
 * nothing from an HTTP cache, since the portal keeps its offline copies itself (service worker,
 * IndexedDB) and the bid service its list cache. Downloads say `private, no-store` themselves.
 */
export const sendOk = (req: FastifyRequest, reply: FastifyReply, data: unknown) =>
  reply
    .code(200)
    .header('cache-control', 'no-store')
    .send({ code: Code.ok, message: message('ok', req.locale), data });
