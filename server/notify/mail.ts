import nodemailer from 'nodemailer';
import type { Notifier } from './notifier';
import { codeText } from './texts';

/**
 * SMTP_URL's connection is given this long, and a silent server this long, before the delivery
 * counts as failed: the person waits for the answer (a failure must be told, not hidden), so it
 * cannot wait for nodemailer's defaults of minutes.
 */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 20_000;

/**
 * Verification codes by mail: SMTP_URL (`smtp://user:pass@host:587` for STARTTLS, which
 * nodemailer upgrades to when the server offers it; `smtps://...:465` for TLS from the start;
 * options such as `?requireTLS=true` as query parameters) and MAIL_FROM (`Name <address>` or an
 * address). A pooled transport keeps one connection warm for a burst of requests. The message
 * (the code, or word that no account uses the address) is in the language of the person who
 * asked, as plain text and HTML.
 */
export function smtpNotifier(url: string, from: string): Notifier & { close(): void } {
  const transport = nodemailer.createTransport(
    {
      url,
      pool: true,
      maxConnections: 2,
      connectionTimeout: CONNECT_TIMEOUT_MS,
      greetingTimeout: CONNECT_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async sendCode(message) {
      const { to, locale } = message;
      const { subject, text, html } = codeText(message);
      const info = await transport.sendMail({
        to,
        subject,
        text,
        html,
        headers: {
          'Content-Language': locale === 'vie' ? 'vi' : locale,
          'Auto-Submitted': 'auto-generated',
        },
      });
      // A server that accepts the message for nobody has not handed it over.
      if (info.accepted.length === 0) throw new Error(`the SMTP server refused ${to}: ${info.response}`);
    },
    close: () => transport.close(),
  };
}
