import { appendFile, mkdir } from 'node:fs/promises';
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
      await mkdir(dirname(file), { recursive: true });
      await appendFile(file, `${JSON.stringify({ to, way, code, at: now().toISOString() })}\n`, { mode: 0o600 });
    },
  };
}
