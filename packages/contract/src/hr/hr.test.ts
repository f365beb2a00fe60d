import { describe, expect, it } from 'vitest';
import { hyMoveSchemas, hyUserAddSchema, makeNationalId, maskValue, nationalIdError, parseNationalId } from '../index.js';

describe('[HR] national ID', () => {
  it('accepts a real 18-digit number and reads birthday and sex', () => {
    // GB 11643 example number
    expect(parseNationalId('11010519491231002X')).toEqual({ ok: true, info: { birthday: '1949-12-31', sex: '2', area: '110105' } });
    expect(parseNationalId('110105491231002')).toMatchObject({ ok: true, info: { birthday: '1949-12-31', sex: '2' } });
  });
  it.each([
    ['11010519491231002', '请输入正确的身份证号码'],
    ['110105194912310021', '身份证号码校验位不正确'],
    ['99010519491231002X', '身份证号码地区码不正确'],
    ['110105194902300020', '身份证号码中的出生日期不正确'],
    ['abc', '请输入正确的身份证号码'],
  ])('%s → %s', (id, msg) => {
    expect(nationalIdError(id)).toBe(msg);
  });
  it('makes valid numbers', () => {
    const id = makeNationalId('310104', '1990-05-06', 123);
    expect(parseNationalId(id)).toMatchObject({ ok: true, info: { birthday: '1990-05-06', sex: '1' } });
  });
});

describe('[HR] file schema', () => {
  const good = { realname: '张三', mobile: '13912345678', orgCode: 'A03A01' };
  it('applies the shared rules with their Chinese texts', () => {
    expect(hyUserAddSchema.safeParse(good).success).toBe(true);
    const msg = (extra: object) => hyUserAddSchema.safeParse({ ...good, ...extra }).error?.issues[0]?.message;
    expect(msg({ mobile: '12345' })).toBe('请输入正确手机号');
    expect(msg({ mobile: '' })).toBe('请输入手机号');
    expect(msg({ email: 'x@' })).toBe('邮箱格式不正确');
    expect(msg({ qq: '123' })).toBe('请输入正确的QQ号');
    expect(msg({ telephone: '12345' })).toBe('请输入正确的座机号');
    expect(msg({ bankCard: '0123456789' })).toBe('请输入正确的银行卡号');
    expect(msg({ idCard: '110105194912310021' })).toBe('身份证号码校验位不正确');
    expect(msg({ idCard: '11010519491231002X', birthday: '1950-01-01' })).toBe('出生日期与身份证号码不一致');
    expect(msg({ idCard: '11010519491231002X', sex: '1' })).toBe('性别与身份证号码不一致');
    expect(msg({ realname: ' ' })).toBe('请输入姓名');
  });
  it('blacklist needs a non-empty reason', () => {
    expect(hyMoveSchemas.blacklist.safeParse({ id: 'x', reason: '  ' }).error?.issues[0]?.message).toBe('请填写原因');
    expect(hyMoveSchemas.blacklist.safeParse({ id: 'x', reason: '伪造学历' }).success).toBe(true);
  });
  it('masks', () => {
    expect(maskValue('idCard', '11010519491231002X')).toBe('110*************2X');
    expect(maskValue('mobile', '13912345678')).toBe('139****5678');
    expect(maskValue('bankCard', '6222020200001234567')).toBe('6222***********4567');
  });
});
