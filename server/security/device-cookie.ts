import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { parse as parseCookies, serialize } from 'cookie';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a device on
 * which an account logged in gets a cookie that names the account and a nonce of its own, signed
 * by the service. A login with it is counted against that device, not against the account's
 * unknown devices, so guesses from elsewhere never lock the owner out of a device it used before
 * (server/routes/supplier/session.ts).
 *
 * - Signed with HMAC-SHA256 under a key derived (HKDF) from the pass secret (PASS_SECRET or
 *   `$DATA_DIR/pass.secret`), so every instance checks every other's cookies and no second secret
 *   needs configuring. A new pass secret makes every device unknown again, nothing worse.
 * - One cookie per account, named by a keyed hash of the username (a shared device keeps one per
 *   supplier, and the name does not tell who logged in there). HttpOnly, SameSite=Strict, only
 *   sent to the supplier calls, Secure over HTTPS; renewed, with a new nonce, at every login.
 * - Stateless: a device cookie is never stored by the service; what is stored is the count of
 *   failures per nonce (attempt_counters, scope `login-device`).
 */
export const DEVICE_COOKIE_DAYS = 180;
const NAME_PREFIX = 'device_';

export type DeviceKey = Buffer;

export function deviceKey(passSecret: Buffer): DeviceKey {
  return Buffer.from(hkdfSync('sha256', passSecret, Buffer.alloc(0), 'supplier-portal login device cookie', 32));
}

const mac = (key: DeviceKey, text: string) => createHmac('sha256', key).update(text).digest('base64url');
const account = (username: string) => username.toLowerCase();

export function deviceCookieName(key: DeviceKey, username: string): string {
  return `${NAME_PREFIX}${mac(key, `name\0${account(username)}`).slice(0, 16)}`;
}

const signature = (key: DeviceKey, username: string, nonce: string) => mac(key, `device\0${account(username)}\0${nonce}`);

/** The Set-Cookie header that marks this device as one `username` logged in on. */
export function deviceCookieHeader(key: DeviceKey, username: string, options: { path: string; secure: boolean }): string {
  const nonce = randomBytes(16).toString('base64url');
  return serialize(deviceCookieName(key, username), `${nonce}.${signature(key, username, nonce)}`, {
    path: options.path,
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 3600,
  });
}

/** The nonce of the device cookie `username` got on this device, when the request carries a valid one; else null. */
export function trustedDevice(key: DeviceKey, username: string, cookieHeader: string | undefined): string | null {
  const value = parseCookies(cookieHeader ?? '')[deviceCookieName(key, username)];
  const [nonce, given, extra] = value?.split('.') ?? [];
  if (!nonce || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(key, username, nonce));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? nonce : null;
}
