import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../contract/codes';
import { BASE_PATH } from '../../contract/http';
import type { Endpoint } from '../../contract/endpoints';
import type { Tx } from '../db/db';
import type { Session } from './context';
import { ApiError } from './api-error';
import { resolveSession } from './auth';
import { sendOk } from './envelope';
import { withIdempotency } from './idempotency';
import type { OpenApiRouteConfig } from './openapi';
import { assertAnswer } from './response-check';

export interface Call<E extends Endpoint> {
  input: z.output<E['request']>;
  params: E['params'] extends z.ZodType ? z.output<E['params']> : Record<string, never>;
  /** Set on non-public calls; on public calls only when a valid token came along. */
  session: Session | null;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * Where the handler reads and writes: for an idempotent write sent with a key, the
   * transaction that also stores its answer (never use the app's database there); else the database.
   */
  db: Tx;
}

type Handler<E extends Endpoint> = (call: Call<E>) => Promise<E['binary'] extends true ? FastifyReply : z.output<E['response']>>;

const fieldError = z.object({ field: z.string(), message: z.string() });
const envelope = (data: z.ZodType) =>
  z.union([
    z.object({ code: z.literal('E000'), message: z.string(), data }),
    z.object({ code: z.string(), message: z.string(), data: z.array(fieldError).nullable() }),
  ]);

/** `/supplier/getById/{supplierId}` -> `/supplier/getById/:supplierId` */
const fastifyPath = (path: string) => `${BASE_PATH}${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Registers one call of contract/endpoints.ts: the same zod schemas validate the request and
 * generate the OpenAPI document. Handlers return the `data` of a success; failures are thrown
 * as ApiError. `idempotent` writes replay their first success for a repeated Idempotency-Key.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  tag: string,
  e: E,
  handler: Handler<E>,
  opts: { idempotent?: boolean } = {},
): void {
  const payload = e.body === 'multipart' ? {} : e.method === 'GET' ? { querystring: e.request } : { body: e.request };
  const config: OpenApiRouteConfig = {
    openapi: { name: e.name, public: e.public, idempotent: opts.idempotent ?? false, body: e.body, binary: e.binary },
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: fastifyPath(e.path),
    config,
    schema: {
      summary: e.summary,
      tags: [tag],
      ...payload,
      ...(e.params ? { params: e.params } : {}),
      ...(e.binary ? {} : { response: { 200: envelope(e.response) } }),
    },
    preValidation: async (req) => {
      if (e.method === 'GET' || e.body === 'multipart') return;
      // JSON only (and form-encoded where the contract says so): a body another site's HTML form
      // can send without a preflight (form-encoded, text/plain) never reaches a JSON call.
      const type = req.headers['content-type']?.split(';', 1)[0]!.trim().toLowerCase();
      if (type !== undefined && type !== 'application/json' && !(e.body === 'form' && type === 'application/x-www-form-urlencoded')) {
        throw new ApiError(Code.unsupportedType, 'jsonOnly');
      }
      // A POST without a body is an empty object, so `{}`-shaped requests need no body at all.
      if (req.body === undefined) req.body = {};
    },
    handler: async (req, reply) => {
      const session = await resolveSession(req, !e.public);
      const { db } = req.server.services;
      const call = {
        input: (e.method === 'GET' ? req.query : req.body) as Call<E>['input'],
        params: (req.params ?? {}) as Call<E>['params'],
        session,
        req,
        reply,
        db,
      };
      if (e.binary) return handler(call);
      const data = opts.idempotent ? await withIdempotency(req, session, async (tx) => handler({ ...call, db: tx })) : await handler(call);
      if (req.server.checkResponses) assertAnswer(e, data);
      return sendOk(req, reply, data);
    },
  });
}
