import type { LoginResponse, Supplier } from '@contract/schemas/supplier';
import Cookies from 'js-cookie';
import { COOKIE } from '@contract/http';

// The session lives in the cookies SPEC.md section 3 names (contract/http.ts).
export { COOKIE };

/** How long `auth` outlives the token: a week, then a returning user is simply "not logged in". */
const AUTH_LIFETIME_DAYS = 7;

export interface SupplierInfo {
  status: string;
  supplierRoleType: string;
}

export type SessionState = 'active' | 'timedOut' | 'none';

function options(expires?: Date | number): Cookies.CookieAttributes {
  const secure = globalThis.location?.protocol === 'https:';
  return { path: '/', sameSite: 'strict', secure, ...(expires === undefined ? {} : { expires }) };
}

/** A request's cookies by name, as the `cookie` package parses its Cookie header. */
export type RequestCookies = Readonly<Record<string, string | undefined>>;

/**
 * The cookies of the request the bid service renders a supplier's screen for
 * (src/prerender/render-page.tsx), or null in a browser, where they are the document's. Only
 * read: js-cookie writes nothing where there is no document.
 */
let requestCookies: RequestCookies | null = null;

/** Reads the session from `cookies` (a server render), or from the document's again (null). */
export function readCookiesOf(cookies: RequestCookies | null): void {
  requestCookies = cookies;
}

const readCookie = (name: string): string | undefined => (requestCookies ? requestCookies[name] : Cookies.get(name));

function readJson<T>(name: string): T | null {
  const raw = readCookie(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function saveLogin(login: LoginResponse): void {
  const tokenExpires = new Date(login.tokenExpiresAt);
  const authExpires = AUTH_LIFETIME_DAYS;
  const { oauthToken: _token, ...loginInfo } = login;
  Cookies.set(COOKIE.token, login.oauthToken, options(tokenExpires));
  Cookies.set(COOKIE.auth, '1', options(authExpires));
  Cookies.set(COOKIE.username, login.username, options(authExpires));
  Cookies.set(COOKIE.userid, login.supplierId, options(authExpires));
  Cookies.set(COOKIE.supplierId, login.supplierId, options(authExpires));
  Cookies.set(COOKIE.supplierCode, login.supplierCode, options(authExpires));
  Cookies.set(COOKIE.loginInfo, JSON.stringify(loginInfo), options(authExpires));
  setSupplierInfo({ status: login.status, supplierRoleType: login.userInfo.supplierRoleType });
}

/** Stores what the session check (`/supplier/getByToken`) answered. */
export function setSupplierInfo(info: SupplierInfo | Pick<Supplier, 'status' | 'supplierRoleType'>): void {
  Cookies.set(
    COOKIE.supplierInfo,
    JSON.stringify({ status: info.status, supplierRoleType: info.supplierRoleType }),
    options(AUTH_LIFETIME_DAYS),
  );
}

export function getSupplierInfo(): SupplierInfo | null {
  return readJson<SupplierInfo>(COOKIE.supplierInfo);
}

export function getLoginInfo(): Omit<LoginResponse, 'oauthToken'> | null {
  return readJson(COOKIE.loginInfo);
}

export const getToken = (): string | undefined => readCookie(COOKIE.token);
export const getSupplierId = (): string | undefined => readCookie(COOKIE.supplierId);
export const getUsername = (): string | undefined => readCookie(COOKIE.username);

/** Logged in when both `auth` and `token` exist; timed out when only `auth` is left (SPEC.md section 4). */
export function sessionState(): SessionState {
  const auth = readCookie(COOKIE.auth);
  const token = readCookie(COOKIE.token);
  if (auth && token) return 'active';
  if (auth) return 'timedOut';
  return 'none';
}

/**
 * Who is logged in, as the /platform area works with it: read from the cookies once by the
 * platform route's guard (`readSession`), refined by the session check's answer
 * (`withSessionCheck`) and handed to the screens as the route context `session`.
 */
export interface SupplierSession {
  supplierId: string;
  supplierCode: string;
  supplierName: string;
  contactName: string;
  username: string;
  /** The supplier status the menus are gated by (SPEC.md section 2). */
  status: string;
}

/**
 * The session the cookies hold, or null when there is none or a part of it is missing (a
 * cookie set this version never wrote): every field is there, no screen has to guess.
 */
export function readSession(): SupplierSession | null {
  if (sessionState() !== 'active') return null;
  const supplierId = getSupplierId();
  const username = getUsername();
  const login = getLoginInfo();
  const status = getSupplierInfo()?.status || login?.status;
  const user = login?.userInfo;
  if (
    !supplierId ||
    !username ||
    !status ||
    typeof login?.supplierCode !== 'string' ||
    typeof user?.supplierName !== 'string' ||
    typeof user.contactName !== 'string'
  )
    return null;
  return { supplierId, supplierCode: login.supplierCode, supplierName: user.supplierName, contactName: user.contactName, username, status };
}

/** The session after the session check (`/supplier/getByToken`) answered for its supplier: its status and names win. */
export function withSessionCheck(
  session: SupplierSession,
  supplier: Pick<Supplier, 'supplierId' | 'supplierCode' | 'supplierName' | 'contactName' | 'username' | 'status'>,
): SupplierSession {
  if (supplier.supplierId !== session.supplierId) return session;
  return {
    ...session,
    supplierCode: supplier.supplierCode || session.supplierCode,
    supplierName: supplier.supplierName || session.supplierName,
    contactName: supplier.contactName || session.contactName,
    username: supplier.username || session.username,
    status: supplier.status || session.status,
  };
}

/** Clears every session cookie. */
export function clearSession(): void {
  for (const name of Object.values(COOKIE)) Cookies.remove(name, { path: '/' });
}

/** The account remembered on the login screen ("remember account") lives apart from the session. */
const REMEMBER_KEY = 'rememberedAccount';
export function getRememberedAccount(): string {
  try {
    return globalThis.localStorage?.getItem(REMEMBER_KEY) ?? '';
  } catch {
    return '';
  }
}
export function setRememberedAccount(account: string | null): void {
  try {
    if (account) globalThis.localStorage?.setItem(REMEMBER_KEY, account);
    else globalThis.localStorage?.removeItem(REMEMBER_KEY);
  } catch {
    // Remembering is a convenience; failing to store it loses nothing.
  }
}
