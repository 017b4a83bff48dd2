import { parse } from 'cookie';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { guardDecision, safeRedirect } from './guard';
import {
  clearSession,
  COOKIE,
  getLoginInfo,
  getSupplierInfo,
  getToken,
  readCookiesOf,
  readSession,
  saveLogin,
  sessionState,
  setSupplierInfo,
  withSessionCheck,
} from './session';
import { loginAnswer } from '@/test/fixtures';

const login = loginAnswer({ username: 'demo', oauthToken: 'secret-token', supplierCode: 'C1', supplierCodeMain: 'M1' });

describe('session state', () => {
  it('is none without cookies', () => {
    expect(sessionState()).toBe('none');
  });

  it('is active with auth and token', () => {
    saveLogin(login);
    expect(sessionState()).toBe('active');
    expect(getToken()).toBe('secret-token');
    expect(getSupplierInfo()).toEqual({ status: 'A104', supplierRoleType: 'supplier' });
    // The token is never copied into the readable login info.
    expect(JSON.stringify(getLoginInfo())).not.toContain('secret-token');
  });

  it('is timedOut when only auth is left', () => {
    saveLogin(login);
    Cookies.remove(COOKIE.token, { path: '/' });
    expect(sessionState()).toBe('timedOut');
  });

  it('a token without auth is not a session', () => {
    Cookies.set(COOKIE.token, 't', { path: '/' });
    expect(sessionState()).toBe('none');
  });

  it('clearSession removes every session cookie', () => {
    saveLogin(login);
    for (const name of Object.values(COOKIE)) Cookies.set(name, 'x', { path: '/' });
    clearSession();
    for (const name of Object.values(COOKIE)) expect(Cookies.get(name), name).toBeUndefined();
    expect(sessionState()).toBe('none');
  });

  it('setSupplierInfo stores status and role only', () => {
    setSupplierInfo({ status: 'A141', supplierRoleType: 'X', name: 'ignored' } as never);
    expect(JSON.parse(Cookies.get(COOKIE.supplierInfo)!)).toEqual({ status: 'A141', supplierRoleType: 'X' });
  });
});

describe('readSession', () => {
  it('is the whole session after a login: ids, names, account and status', () => {
    saveLogin(login);
    expect(readSession()).toEqual({
      supplierId: 's1',
      supplierCode: 'C1',
      supplierName: '示例纸业',
      contactName: '李四',
      username: 'demo',
      status: 'A104',
    });
  });

  it('takes the status of the latest session check', () => {
    saveLogin(login);
    setSupplierInfo({ status: 'A141', supplierRoleType: 'supplier' });
    expect(readSession()?.status).toBe('A141');
  });

  it('is null without an active session, or with a part missing', () => {
    expect(readSession()).toBeNull();
    saveLogin(login);
    Cookies.remove(COOKIE.token, { path: '/' });
    expect(readSession()).toBeNull();
    for (const name of [COOKIE.supplierId, COOKIE.username, COOKIE.loginInfo]) {
      saveLogin(login);
      Cookies.remove(name, { path: '/' });
      expect(readSession(), name).toBeNull();
    }
    saveLogin(login);
    Cookies.set(COOKIE.loginInfo, '{"supplierCode":"C1"}', { path: '/' });
    expect(readSession()).toBeNull();
  });

  it("reads a server render's request cookies (parsed as the bid service parses them) instead of the document's, then the document's again", () => {
    saveLogin(login);
    const request = parse(document.cookie);
    clearSession();
    readCookiesOf(request);
    try {
      expect(sessionState()).toBe('active');
      expect(getToken()).toBe('secret-token');
      expect(readSession()).toEqual({
        supplierId: 's1',
        supplierCode: 'C1',
        supplierName: '示例纸业',
        contactName: '李四',
        username: 'demo',
        status: 'A104',
      });
    } finally {
      readCookiesOf(null);
    }
    expect(sessionState()).toBe('none');
    readCookiesOf({});
    saveLogin(login);
    expect(readSession()).toBeNull();
    readCookiesOf(null);
  });

  it('withSessionCheck takes the check answer for the same supplier, and only for it', () => {
    saveLogin(login);
    const session = readSession()!;
    const answer = { supplierId: 's1', supplierCode: 'C1', supplierName: '新名称', contactName: '王五', username: 'demo', status: 'A141' };
    expect(withSessionCheck(session, answer)).toEqual({ ...session, supplierName: '新名称', contactName: '王五', status: 'A141' });
    expect(withSessionCheck(session, { ...answer, supplierId: 's2' })).toBe(session);
  });
});

describe('guardDecision', () => {
  const session = { supplierId: 's1', supplierCode: 'C1', supplierName: 'n', contactName: 'c', username: 'demo', status: 'A104' };
  it('passes an active session and hands it on', () => {
    expect(guardDecision('active', session, '/platform/home')).toEqual({ action: 'pass', session });
  });
  it('sends an active but incomplete session to login', () => {
    expect(guardDecision('active', null, '/platform/home')).toEqual({
      action: 'redirect',
      reason: 'incomplete',
      to: '/login',
      redirect: '/platform/home',
    });
  });
  it('sends a timed-out session to login with the original path', () => {
    expect(guardDecision('timedOut', null, '/platform/bargaining?x=1')).toEqual({
      action: 'redirect',
      reason: 'timedOut',
      to: '/login',
      redirect: '/platform/bargaining?x=1',
    });
  });
  it('sends no session to login as not logged in', () => {
    expect(guardDecision('none', null, '/platform/home')).toMatchObject({
      action: 'redirect',
      reason: 'notLoggedIn',
      redirect: '/platform/home',
    });
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/platform/bargaining?tab=2', '/platform/bargaining?tab=2'],
    ['//evil.example/x', '/platform/home'],
    ['/\\evil.example', '/platform/home'],
    ['https://evil.example', '/platform/home'],
    ['/login?redirect=/x', '/platform/home'],
    [undefined, '/platform/home'],
    [42, '/platform/home'],
  ])('%s -> %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });
  it('uses the given fallback', () => {
    expect(safeRedirect('', '/visitor')).toBe('/visitor');
  });
});
