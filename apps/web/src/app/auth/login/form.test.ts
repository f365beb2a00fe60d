import { describe, expect, it } from 'vitest';
import { ACCOUNT_CHECKS, PHONE_CHECKS } from './form';

describe('sign-in form checks', () => {
  it('asks for username (not blank), password and captcha with the stock texts', () => {
    expect(ACCOUNT_CHECKS.username('')).toBe('请输入用户名');
    expect(ACCOUNT_CHECKS.username('   ')).toBe('请输入用户名');
    expect(ACCOUNT_CHECKS.username('yangfan')).toBeNull();
    expect(ACCOUNT_CHECKS.password('')).toBe('请输入密码');
    expect(ACCOUNT_CHECKS.password(' ')).toBeNull();
    expect(ACCOUNT_CHECKS.captcha('')).toBe('请输入验证码');
  });

  it('checks the mobile and the six-digit SMS code', () => {
    expect(PHONE_CHECKS.mobile('')).toBe('请输入手机号');
    expect(PHONE_CHECKS.mobile('12345')).toBe('请输入正确手机号');
    expect(PHONE_CHECKS.mobile('13811110006')).toBeNull();
    expect(PHONE_CHECKS.smscode('')).toBe('请输入短信验证码');
    expect(PHONE_CHECKS.smscode('12ab56')).toBe('短信验证码为6位数字');
    expect(PHONE_CHECKS.smscode('123456')).toBeNull();
  });
});
