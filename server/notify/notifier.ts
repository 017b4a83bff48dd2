import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export interface VerificationMessage {
  to: string;
  way: 'mail' | 'phone';
  code: string;
}

/** Delivers verification codes. A real mail or SMS transport implements this by configuration. */
export interface Notifier {
  sendCode(message: VerificationMessage): Promise<void>;
}

/**
 * The default transport for a demo or test installation: the code goes to the log and, as one
 * JSON line `{to, way, code, at}`, to a file that e2e tests read.
 */
export function fileNotifier(file: string, log?: Pick<FastifyBaseLogger, 'info'>, now: () => Date = () => new Date()): Notifier {
  return {
    async sendCode({ to, way, code }) {
      log?.info({ to, way, code }, 'verification code');
      // Written before sendCode returns: the routes do not wait for a delivery (so that a known
      // and an unknown target answer alike), and the e2e tests read this file as soon as the
      // portal says the code was sent.
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ to, way, code, at: now().toISOString() })}\n`, { mode: 0o600 });
    },
  };
}
