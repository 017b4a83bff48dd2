import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
import { Code } from '../../contract/codes';
import { REASON_HEADER } from '../../contract/http';
import { localeFromHeader } from '../../contract/locales';
import { message, type MessageKey } from '../../contract/messages';

/** What Node's HTTP parser refuses before any route runs: the status and the envelope's message. */
function refusalOf(error: ConnectionError): { status: number; key: MessageKey } {
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'headersTooLarge' };
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'requestTimeout' };
  return { status: 400, key: 'badRequest' };
}

/** The language asked for, when the bytes Node's parser refused still show an Accept-Language header. */
function localeOf(error: ConnectionError) {
  const raw: unknown = error.rawPacket;
  const head = Buffer.isBuffer(raw) ? raw.toString('latin1') : '';
  return localeFromHeader(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(head)?.[1]);
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (malformed request line
 * or headers, headers over the size limit, a request or its headers not arriving in time) gets
 * the envelope of every other answer (`{ code, message, data }` with X-Reason, DESIGN.md section
 * 3), with the HTTP status that says what happened (400, 431, 408), then the connection is closed,
 * as Node and Fastify do: nothing more on it can be trusted. A reset connection needs no answer.
 */
export function clientErrorHandler(this: FastifyInstance | undefined, error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = refusalOf(error);
  this?.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code: Code.invalid, message: message(key, localeOf(error)), data: null });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Cache-Control: no-store\r\n${REASON_HEADER}: ${key}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
