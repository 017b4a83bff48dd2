import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Locale } from '../../contract/locales';

/** What a verification code is for; the message says so. */
export type CodePurpose = 'recovery' | 'gate';

export interface VerificationMessage {
  to: string;
  way: 'mail' | 'phone';
  /**
   * The code; null when nobody uses `to` for `purpose` (no account has the address or phone, no
   * approved visit has the phone): the message then says so and holds no code. Either way a
   * message goes out, so that the answer cannot tell the two apart (docs/decisions/verification-codes.md,
   * "Delivery of codes").
   */
  code: string | null;
  /** The language of the person who asked (their Accept-Language). */
  locale: Locale;
  purpose: CodePurpose;
}

/**
 * Delivers verification messages (a code, or word that nobody uses the target): the file
 * notifier (demos, tests), mail over SMTP (mail.ts), SMS through the buyer's HTTP endpoint
 * (sms.ts). `sendCode` resolves once the message was handed over (the SMTP server or the SMS
 * endpoint accepted it) and rejects with the cause otherwise.
 */
export interface Notifier {
  sendCode(message: VerificationMessage): Promise<void>;
}

/**
 * The default transport for a demo or test installation: the code goes to the log and, as one
 * JSON line `{to, way, code, locale, purpose, at}`, to a file that e2e tests read (`code` null
 * for a target nobody uses).
 */
export function fileNotifier(file: string, log?: Pick<FastifyBaseLogger, 'info'>, now: () => Date = () => new Date()): Notifier {
  return {
    async sendCode({ to, way, code, locale, purpose }) {
      log?.info({ to, way, code }, 'verification code');
      mkdirSync(dirname(file), { recursive: true });
      appendFileSync(file, `${JSON.stringify({ to, way, code, locale, purpose, at: now().toISOString() })}\n`, { mode: 0o600 });
    },
  };
}

/** Mail codes through one transport, SMS codes through another (each is the file notifier unless configured). */
export function routedNotifier(byWay: Record<VerificationMessage['way'], Notifier>): Notifier {
  return { sendCode: (message) => byWay[message.way].sendCode(message) };
}
