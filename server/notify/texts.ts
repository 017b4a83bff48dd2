import { CODE_TTL_SECONDS } from '../../contract/limits';
import type { Locale } from '../../contract/locales';
import type { CodePurpose, VerificationMessage } from './notifier';

interface CodeTexts {
  /** The mail's subject. */
  subject: string;
  /** What the code is for. */
  purpose: Record<CodePurpose, string>;
  /** The message body: the code, its use and how long it is valid. */
  body: (code: string, purpose: string, minutes: number) => string;
  /** For a person who did not ask. */
  ignore: string;
  /** The subject of a message without a code (nobody uses the address or phone for the purpose). */
  unknownSubject: string;
  /**
   * That message: what was asked for with `target` (the address or phone, named by `targetName`), that
   * nobody uses it for that, so no code, and what to do.
   */
  unknown: Record<CodePurpose, (target: string) => string>;
  /** How `unknown` names the address or the phone. */
  targetName: Record<VerificationMessage['way'], string>;
  /** For a person who did not ask, in a message without a code. */
  ignoreUnknown: string;
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
    unknownSubject: '供应商门户：未发送验证码',
    unknown: {
      recovery: (target) =>
        `有人申请用本${target}找回供应商门户的密码，但没有供应商账号使用本${target}，因此没有验证码。如果您有账号，请用注册时填写的邮箱或手机号重试。`,
      gate: (target) =>
        `有人申请用本${target}领取访客二维码，但本${target}没有已批准的参观，因此没有验证码。请向接待人确认参观申请中填写的手机号。`,
    },
    targetName: { mail: '邮箱', phone: '手机号' },
    ignoreUnknown: '如非本人操作，请忽略本消息。',
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
    unknownSubject: 'Supplier portal: no verification code sent',
    unknown: {
      recovery: (target) =>
        `Someone asked to reset a supplier portal password with this ${target}, but no supplier account uses it, so there is no code. If you have an account, try again with the email address or phone number you registered with.`,
      gate: (target) =>
        `Someone asked for a visitor QR code with this ${target}, but it has no approved visit, so there is no code. Please ask your host which phone number the visit application gives.`,
    },
    targetName: { mail: 'email address', phone: 'phone number' },
    ignoreUnknown: 'If you did not ask for it, ignore this message.',
    signature: 'Supplier portal',
  },
  vie: {
    subject: 'Mã xác minh cổng nhà cung cấp',
    purpose: { recovery: 'đặt lại mật khẩu', gate: 'nhận mã QR khách thăm' },
    body: (code, purpose, minutes) => `Mã xác minh của bạn là ${code}, dùng để ${purpose}. Mã có hiệu lực trong ${minutes} phút.`,
    ignore: 'Nếu bạn không yêu cầu mã này, hãy bỏ qua tin nhắn và không đưa mã cho bất kỳ ai.',
    unknownSubject: 'Cổng nhà cung cấp: không gửi mã xác minh',
    unknown: {
      recovery: (target) =>
        `Có người yêu cầu đặt lại mật khẩu cổng nhà cung cấp bằng ${target} này, nhưng không có tài khoản nhà cung cấp nào dùng ${target} này, nên không có mã xác minh. Nếu bạn có tài khoản, hãy thử lại bằng email hoặc số điện thoại đã đăng ký.`,
      gate: (target) =>
        `Có người yêu cầu mã QR khách thăm bằng ${target} này, nhưng ${target} này không có lượt thăm nào đã được duyệt, nên không có mã xác minh. Vui lòng hỏi người tiếp đón số điện thoại ghi trong đơn đăng ký thăm.`,
    },
    targetName: { mail: 'địa chỉ email', phone: 'số điện thoại' },
    ignoreUnknown: 'Nếu bạn không yêu cầu, hãy bỏ qua tin nhắn này.',
    signature: 'Cổng nhà cung cấp',
  },
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The text of a verification message: one line for an SMS, the same lines for a mail. Without a
 * code (`code` null: nobody uses the address or phone for the purpose), the message says so.
 */
export function codeText({ locale, code, purpose, way }: Pick<VerificationMessage, 'locale' | 'code' | 'purpose' | 'way'>): {
  subject: string;
  text: string;
  html: string;
} {
  const t = CODE_TEXTS[locale];
  const line = code === null ? t.unknown[purpose](t.targetName[way]) : t.body(code, t.purpose[purpose], CODE_TTL_SECONDS / 60);
  const ignore = code === null ? t.ignoreUnknown : t.ignore;
  const text = `${line}\n\n${ignore}\n\n${t.signature}\n`;
  // The code stands out in the HTML part; everything is escaped (no text here comes from the user,
  // but a future purpose or name might).
  const strong =
    code === null
      ? escapeHtml(line)
      : escapeHtml(line).replace(escapeHtml(code), `<strong style="font-size:1.5em;letter-spacing:0.15em">${code}</strong>`);
  const html = `<!doctype html><html lang="${locale === 'vie' ? 'vi' : locale}"><body style="font-family:sans-serif;line-height:1.6"><p>${strong}</p><p style="color:#555">${escapeHtml(ignore)}</p><p>${escapeHtml(t.signature)}</p></body></html>`;
  return { subject: code === null ? t.unknownSubject : t.subject, text, html };
}
