import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { BASE_PATH } from '../../../contract/http';
import { isLoopback } from '../../http/addresses';
import { openBackup } from '../../services/backup';
import {
  LIST_CHANGING_ACTIONS,
  OperatorError,
  operatorInputs,
  runOperatorAction,
  type OperatorAction,
} from '../../services/operator-actions';

export const OPERATOR_HEADER = 'x-operator-secret';
export const OPS_PATH = `${BASE_PATH}/ops`;
/** `npm run cli -- backup FILE` while the server runs: the archive comes back as the answer's body. */
export const BACKUP_PATH = `${OPS_PATH}/backup`;

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
export async function opsRoutes(
  app: FastifyInstance,
  opts: { secret: string; dataDir: string; passSecretFromEnv?: boolean; receiptKeyFromEnv?: boolean },
): Promise<void> {
  const allowed = (req: FastifyRequest) => {
    const loopback = isLoopback(req.socket.remoteAddress);
    const given = req.headers[OPERATOR_HEADER];
    return loopback && typeof given === 'string' && sameSecret(given, opts.secret);
  };
  for (const action of Object.keys(operatorInputs) as OperatorAction[]) {
    app.post(`${OPS_PATH}/${action}`, { schema: { hide: true } }, async (req, reply) => {
      if (!allowed(req)) return reply.code(403).send({ error: 'forbidden' });
      try {
        const { db, storage, now, timeZone } = app.services;
        const result = await runOperatorAction({ db, storage, now: now(), timeZone }, action, req.body ?? {});
        // New notices and moved cut-off times must show in this instance's lists at once.
        if (LIST_CHANGING_ACTIONS.includes(action)) app.services.listCache.clear();
        return { result };
      } catch (error) {
        if (error instanceof OperatorError || error instanceof ZodError) return reply.code(400).send({ error: error.message });
        throw error;
      }
    });
  }

  /**
   * A backup of this instance's data (services/backup.ts): the database is dumped here, by the
   * process that owns it (PGlite admits one), and the archive streams back to the CLI, which
   * writes it with the operator's own account. Streamed rather than written by the server at a
   * path the caller names: the server never writes where a request tells it to. A failure before
   * the first byte answers 400/500 with a message; one after it cuts the answer, and the CLI
   * removes what it received.
   */
  app.post(BACKUP_PATH, { schema: { hide: true } }, async (req, reply) => {
    if (!allowed(req)) return reply.code(403).send({ error: 'forbidden' });
    try {
      const { db, now } = app.services;
      const { dataDir, passSecretFromEnv, receiptKeyFromEnv } = opts;
      const { manifest, stream } = await openBackup({ db, dataDir, now: now(), passSecretFromEnv, receiptKeyFromEnv });
      req.log.info({ manifest }, 'backup taken');
      return reply.header('content-type', 'application/x-tar').header('cache-control', 'no-store').send(stream);
    } catch (error) {
      if (error instanceof OperatorError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  });
}
