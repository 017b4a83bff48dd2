import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { BASE_PATH } from '../../../contract/http';
import { LIST_CHANGING_ACTIONS, OperatorError, operatorInputs, runOperatorAction, type OperatorAction } from '../../services/operator-actions';

export const OPERATOR_HEADER = 'x-operator-secret';
export const OPS_PATH = `${BASE_PATH}/ops`;

const sameSecret = (given: string, secret: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Operator endpoints for the CLI while the server runs. Not part of the public contract:
 * hidden from the OpenAPI document, loopback only, and guarded by the secret in
 * `${DATA_DIR}/operator.secret` that only the operator's account can read. Plain HTTP
 * statuses here, since no portal reads them.
 */
export async function opsRoutes(app: FastifyInstance, opts: { secret: string }): Promise<void> {
  for (const action of Object.keys(operatorInputs) as OperatorAction[]) {
    app.post(`${OPS_PATH}/${action}`, { schema: { hide: true } }, async (req, reply) => {
      const loopback = ['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(req.socket.remoteAddress ?? '');
      const given = req.headers[OPERATOR_HEADER];
      if (!loopback || typeof given !== 'string' || !sameSecret(given, opts.secret)) return reply.code(403).send({ error: 'forbidden' });
      try {
        const { db, storage, now } = app.services;
        const result = await runOperatorAction({ db, storage, now: now() }, action, req.body ?? {});
        // New notices and moved cut-off times must show in this instance's lists at once.
        if (LIST_CHANGING_ACTIONS.includes(action)) app.services.listCache.clear();
        return { result };
      } catch (error) {
        if (error instanceof OperatorError || error instanceof ZodError) return reply.code(400).send({ error: error.message });
        throw error;
      }
    });
  }
}
