import { changePwdRequest, forgetPwdRequest, registerRequest } from '@contract/schemas/supplier';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation';

describe('new password rules', () => {
  const base = { username: 'demo', password: 'old123', newPassword: 'new123', conPassword: 'new123' };
  it('passes a valid change', () => {
    expect(fieldErrors(changePwdRequest, base, 'zh-CN')).toEqual({});
  });
  it('requires the confirmation to match', () => {
    expect(fieldErrors(changePwdRequest, { ...base, conPassword: 'new124' }, 'zh-CN')).toEqual({ conPassword: '两次输入的密码不一致' });
  });
  it('requires the new password to differ from the old', () => {
    expect(fieldErrors(changePwdRequest, { ...base, newPassword: 'old123', conPassword: 'old123' }, 'en')).toEqual({
      newPassword: 'The new password must differ from the current one',
    });
  });
  it('checks the new password format', () => {
    expect(fieldErrors(changePwdRequest, { ...base, newPassword: 'abcdef', conPassword: 'abcdef' }, 'zh-CN')).toEqual({
      newPassword: '密码为 6-12 位，须同时包含字母和数字',
    });
  });
  it('forgot password checks the confirmation and the mail format', () => {
    const errors = fieldErrors(forgetPwdRequest, { mail: 'bad', code: '123456', newPassword: 'abc123', conPassword: 'abc124' }, 'zh-CN');
    expect(errors).toEqual({ conPassword: '两次输入的密码不一致', mail: '请输入正确的邮箱地址' });
  });
  it('registration checks phone, email and credit code with their own messages', () => {
    const errors = fieldErrors(registerRequest, { contactPhone: '123', email: 'x@', creditCode: '91350100M000100Y44' }, 'zh-CN');
    expect(errors.contactPhone).toBe('请输入正确的手机号码');
    expect(errors.email).toBe('请输入正确的邮箱地址');
    expect(errors.creditCode).toBe('统一社会信用代码的校验位（最后一位）与前 17 位不符，请核对');
  });
});
