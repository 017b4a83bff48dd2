import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, EMAIL_RE, isCreditCode, PASSWORD_RE, PHONE_RE } from './rules';

describe('phone', () => {
  it.each(['13812345678', '19900000000', '15000000001'])('accepts %s', (v) => expect(PHONE_RE.test(v)).toBe(true));
  it.each(['12812345678', '1381234567', '138123456789', '23812345678', '1381234567a', ' 13812345678'])('refuses %s', (v) => expect(PHONE_RE.test(v)).toBe(false));
});

describe('email', () => {
  it.each(['a@b.co', 'first.last_x-1@mail.example.com'])('accepts %s', (v) => expect(EMAIL_RE.test(v)).toBe(true));
  it.each(['a@b', 'a b@c.com', 'a@b..com', '@b.com', 'a+b@c.com', 'a@.com'])('refuses %s', (v) => expect(EMAIL_RE.test(v)).toBe(false));
});

describe('password', () => {
  it.each(['abc123', 'A1b2C3d4E5f6', 'password1'])('accepts %s', (v) => expect(PASSWORD_RE.test(v)).toBe(true));
  it.each([
    ['abcdef', 'letters only'],
    ['123456', 'digits only'],
    ['ab12', 'too short'],
    ['abc12', 'five characters'],
    ['abcdefg123456', 'thirteen characters'],
    ['abc 123', 'a space'],
    ['abc12!', 'a symbol'],
    ['密码abc123', 'not ASCII'],
  ])('refuses %s (%s)', (v) => expect(PASSWORD_RE.test(v)).toBe(false));
});

describe('credit code checksum', () => {
  // A well-known valid code (GB 32100-2015 example form).
  const valid = '91350100M000100Y43';
  it('accepts a valid code', () => {
    expect(isCreditCode(valid)).toBe(true);
    expect(creditCodeCheckChar(valid.slice(0, 17))).toBe('3');
  });
  it('refuses a wrong check character', () => expect(isCreditCode(`${valid.slice(0, 17)}4`)).toBe(false));
  it('refuses the wrong length', () => expect(isCreditCode(valid.slice(0, 17))).toBe(false));
  it('refuses letters that are not allowed (I, O, S, V, Z)', () => expect(isCreditCode(`91350100M00010OY43`)).toBe(false));
});

