import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { HEADER } from '../../contract/http';

/** The header that names a request: sent by the portal (or a proxy) and answered on every response. */
export const REQUEST_ID_HEADER = HEADER.requestId.toLowerCase();

/** What a request id sent from outside may look like: no spaces, quotes or line breaks to forge log lines with. */
const SENT_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Fastify's `genReqId`: the request id is the caller's `X-Request-Id` when it is a plausible one
 * (the portal sends one per call, a proxy may put its own), else a new UUID. Every log line of
 * the request carries it (`reqId`), and the response says it (`X-Request-Id`), so an operator
 * can follow one supplier's failing call from the portal through the log.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SENT_ID.test(sent) ? sent : randomUUID();
}
