import { describe, expect, it } from 'vitest';
import { registerRequest } from './schemas/supplier';
import {
  BANK_ACCOUNT_RE,
  certificateNoProblem,
  choiceProblem,
  creditCodeCheckChar,
  creditCodeProblem,
  EMAIL_RE,
  isCreditCode,
  isResidentId,
  longText,
  PASSWORD_RE,
  PHONE_RE,
  requiredText,
  residentIdCheckChar,
  text,
} from './rules';

describe('control characters', () => {
  const problems = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, v: string) =>
    schema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
  it.each(['\u0000', 'a\u0000b', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b[31m', '\u001f', '\u007f', '\u0085', '\u009f'])(
    'refuses %j in every text',
    (v) => {
      for (const schema of [text(), requiredText(), longText()]) expect(problems(schema, v)).toContain('controlCharacters');
    },
  );
  it.each(['\ud800', 'a\ud83db', '\udc00', 'x\ude00😀', '😀\ud83d'])('refuses the lone surrogate in %j in every text', (v) => {
    for (const schema of [text(), requiredText(), longText()]) expect(problems(schema, v)).toContain('brokenCharacters');
  });
  it.each(['tab\there', 'two\nlines', 'windows\r\nlines', '纸箱 Giấy', '\u00a0non-breaking', '😀', '𠮷野家 😀😀'])('accepts %j', (v) => {
    expect(problems(longText(), v)).toEqual([]);
    expect(problems(requiredText(), v)).toEqual([]);
  });
});

describe('phone', () => {
  it.each(['13812345678', '19900000000', '15000000001'])('accepts %s', (v) => expect(PHONE_RE.test(v)).toBe(true));
  it.each(['12812345678', '1381234567', '138123456789', '23812345678', '1381234567a', ' 13812345678'])('refuses %s', (v) =>
    expect(PHONE_RE.test(v)).toBe(false),
  );
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

describe('bank account number', () => {
  it('takes 6 to 34 digits, groups set apart by one space or hyphen', () => {
    for (const ok of ['622202', '6222020100001000', '6222 0201 0000 1000', '0071-0001-23456', '1'.repeat(34)])
      expect(BANK_ACCOUNT_RE.test(ok), ok).toBe(true);
  });
  it('refuses letters, other signs, double or edge separators, too few or too many digits', () => {
    for (const bad of ['6222ABCD1111', 'VN62220201', '6222.0201.0000', '6222  0201', ' 622202', '622202-', '62220', '1'.repeat(35)])
      expect(BANK_ACCOUNT_RE.test(bad), bad).toBe(false);
  });
});

describe("a registration's password confirmation", () => {
  const issuesOf = (newPassword: string, conPassword: string) =>
    (registerRequest.safeParse({ newPassword, conPassword }).error?.issues ?? [])
      .filter((i) => i.path[0] === 'conPassword')
      .map((i) => i.message);
  it('is required on its own, even when the password is empty too', () => {
    expect(issuesOf('', '')).toContain('required');
    expect(issuesOf('Secret123', '')).toContain('required');
  });
  it('typed again is no issue of its own (a mismatch is checked once the record is whole: profile.test.ts)', () => {
    expect(issuesOf('Secret123', 'Secret123')).toEqual([]);
  });
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
  it('tells a wrong check character from a malformed code', () => {
    expect(creditCodeProblem(valid)).toBeNull();
    expect(creditCodeProblem(`${valid.slice(0, 17)}4`)).toBe('creditCodeCheckMismatch');
    expect(creditCodeProblem(valid.slice(0, 17))).toBe('creditCodeInvalid');
    expect(creditCodeProblem(`${valid.slice(0, 17)}I`)).toBe('creditCodeInvalid');
    expect(creditCodeProblem('91350100M00010OY43')).toBe('creditCodeInvalid');
  });
});

describe('resident ID (GB 11643) and certificate numbers by type', () => {
  it.each(['11010519491231002X', '11010519491231002x', '441900199001011231', '440300198506152015'])('accepts %s', (v) =>
    expect(isResidentId(v)).toBe(true),
  );
  it.each([
    ['11010519491231002', 'seventeen characters'],
    ['110105194912310021', 'a wrong check digit'],
    ['441900199001011232', 'a wrong check digit'],
    ['110105194913310023', 'no 13th month'],
    ['11010518001231002X', 'born before 1900'],
    ['1101051949123100AX', 'letters in the body'],
  ])('refuses %s (%s)', (v) => expect(isResidentId(v)).toBe(false));
  it('computes the check character', () => expect(residentIdCheckChar('11010519491231002')).toBe('X'));
  it.each([
    ['ID', '441900199001011231', null],
    ['ID', '441900199001011232', 'residentIdInvalid'],
    ['PASSPORT', 'E12345678', null],
    ['PASSPORT', 'e12345678', null],
    ['PASSPORT', 'E1-2', 'passportInvalid'],
    ['HKMO', 'H12345678', null],
    ['HKMO', 'X12345678', 'permitInvalid'],
    ['TW', '12345678', null],
    ['TW', '1234567', 'permitInvalid'],
    ['OTHER', 'AB-12345', null],
    ['OTHER', 'A 1', 'certificateNoInvalid'],
  ])('%s %s -> %s', (type, no, key) => expect(certificateNoProblem(type, no)).toBe(key));
});

describe('choiceProblem', () => {
  const currencies = [
    { code: 'CNY', label: '人民币' },
    { code: 'USD', label: '美元' },
  ];

  it('accepts a code the options list', () => {
    expect(choiceProblem(currencies, 'CNY')).toBeNull();
    expect(choiceProblem(currencies, 'USD', 'currencyFirst')).toBeNull();
  });

  it('refuses a code they do not list, with choiceInvalid or the key given', () => {
    expect(choiceProblem(currencies, 'EUR')).toBe('choiceInvalid');
    expect(choiceProblem(currencies, 'cny')).toBe('choiceInvalid');
    expect(choiceProblem([], 'CNY')).toBe('choiceInvalid');
    expect(choiceProblem(currencies, 'EUR', 'required')).toBe('required');
  });

  it('says nothing while the options are not loaded, or of an empty code', () => {
    expect(choiceProblem(undefined, 'EUR')).toBeNull();
    expect(choiceProblem(currencies, '')).toBeNull();
    expect(choiceProblem([], '')).toBeNull();
  });
});
