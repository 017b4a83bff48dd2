import { CODE_TTL_SECONDS } from '../../contract/limits';
import type { Locale } from '../../contract/locales';
import type { CodePurpose } from './notifier';

interface CodeTexts {
  /** The mail's subject. */
  subject: string;
  /** What the code is for. */
  purpose: Record<CodePurpose, string>;
  /** The message body: the code, its use and how long it is valid. */
  body: (code: string, purpose: string, minutes: number) => string;
  /** For a person who did not ask. */
  ignore: string;
  /** The sender's name, put before MAIL_FROM's address when it has none. */
  signature: string;
}

/**
 * The verification message in each interface language (SPEC.md section 1). Every language has
 * every text: the type makes a missing one a compile error.
 */
export const CODE_TEXTS: Record<Locale, CodeTexts> = {
  'zh-CN': {
    subject: '供应商门户验证码',
    purpose: { recovery: '找回密码', gate: '领取访客二维码' },
    body: (code, purpose, minutes) => `您的验证码是 ${code}，用于${purpose}，${minutes} 分钟内有效。`,
    ignore: '如非本人操作，请忽略本消息，切勿将验证码告诉他人。',
    signature: '供应商门户',
  },
  en: {
    subject: 'Supplier portal verification code',
    purpose: {
      recovery: 'resetting your password',
      gate: 'getting your visitor QR code',
    },
    body: (code, purpose, minutes) => `Your verification code is ${code}, for ${purpose}. It is valid for ${minutes} minutes.`,
    ignore: 'If you did not ask for it, ignore this message and do not give the code to anyone.',
    signature: 'Supplier portal',
  },
  vie: {
    subject: 'Mã xác minh cổng nhà cung cấp',
    purpose: { recovery: 'đặt lại mật khẩu', gate: 'nhận mã QR khách thăm' },
    body: (code, purpose, minutes) => `Mã xác minh của bạn là ${code}, dùng để ${purpose}. Mã có hiệu lực trong ${minutes} phút.`,
    ignore: 'Nếu bạn không yêu cầu mã này, hãy bỏ qua tin nhắn và không đưa mã cho bất kỳ ai.',
    signature: 'Cổng nhà cung cấp',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The text of a verification message: one line for an SMS, the same lines for a mail. */
export function codeText(locale: Locale, code: string, purpose: CodePurpose): { subject: string; text: string; html: string } {
  const t = CODE_TEXTS[locale];
  const line = t.body(code, t.purpose[purpose], CODE_TTL_SECONDS / 60);
  const text = `${line}\n\n${t.ignore}\n\n${t.signature}\n`;
  // The code stands out in the HTML part; everything is escaped (no text here comes from the user,
  // but a future purpose or name might).
  const strong = escapeHtml(line).replace(escapeHtml(code), `<strong style="font-size:1.5em;letter-spacing:0.15em">${code}</strong>`);
  const html = `<!doctype html><html lang="${locale === 'vie' ? 'vi' : locale}"><body style="font-family:sans-serif;line-height:1.6"><p>${strong}</p><p style="color:#555">${escapeHtml(t.ignore)}</p><p>${escapeHtml(t.signature)}</p></body></html>`;
  return { subject: t.subject, text, html };
}
