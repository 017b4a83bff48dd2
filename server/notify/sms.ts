import { CODE_TTL_SECONDS } from '../../contract/limits';
import type { Notifier } from './notifier';
import { codeText } from './texts';

/** The header that carries SMS_WEBHOOK_SECRET, so the endpoint knows the call is ours. */
export const SMS_SECRET_HEADER = 'X-Webhook-Secret';
const TIMEOUT_MS = 10_000;

/**
 * What the SMS endpoint receives (README "Running in production"); the text is ready to send.
 * `kind` is `code` for a code, `unknown` for word that nobody uses the phone for the purpose (no
 * account, no approved visit): that one has no `code` nor `validSeconds`, only its text.
 */
export type SmsWebhookBody = {
  to: string;
  text: string;
  /** zh-CN, en or vie. */
  locale: string;
  purpose: 'recovery' | 'gate';
} & ({ kind: 'code'; code: string; validSeconds: number } | { kind: 'unknown' });

/**
 * Verification codes by SMS through the buyer's own endpoint (SMS_WEBHOOK_URL), since every SMS
 * provider has an API of its own: a JSON POST of `SmsWebhookBody` with SMS_WEBHOOK_SECRET in
 * `X-Webhook-Secret`. Any 2xx answer within 10 s means handed over; anything else is a failure
 * with its status in the cause.
 */
export function smsWebhookNotifier(url: string, secret: string): Notifier {
  return {
    async sendCode(message) {
      const { to, code, locale, purpose } = message;
      const text = codeText(message).text.split('\n')[0]!;
      const body: SmsWebhookBody =
        code === null
          ? { to, text, kind: 'unknown', locale, purpose }
          : { to, text, kind: 'code', code, locale, purpose, validSeconds: CODE_TTL_SECONDS };
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SMS_SECRET_HEADER]: secret,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`the SMS endpoint answered HTTP ${res.status}`);
    },
  };
}
