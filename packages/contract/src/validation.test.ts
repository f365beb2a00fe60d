import { describe, expect, it } from 'vitest';
import { MESSAGES, PATTERNS, rules, USERNAME_LENGTH_STRICT, validators, zx } from './validation.js';

type PatternName = Exclude<keyof typeof PATTERNS, 'userNameChars' | 'userName' | 'max255'>;

const table: [PatternName, string[], string[], string][] = [
  ['mobile', ['13800000000', '15912345678', '18611112222', '14700001111', '17012345678'], ['12800000000', '1380000000', '138000000000', '16012345678', 'abc'], '请输入正确手机号'],
  ['email', ['a@b.cn', 'first.last+x@huayuan.example.com'], ['a@b', '@b.cn', 'a b@c.cn', 'a@@b.cn'], '邮箱格式不正确'],
  ['naturalNumber', ['0', '7', '1234567'], ['-1', '01', '1.5', 'a'], '请输入自然数'],
  ['english', ['abc', 'ABCxyz'], ['ab1', 'a b', '中文'], '请输入英文字符'],
  ['landline', ['010-87655210', '0571-8765432', '02112345678', '010-87655210-123'], ['87655210', '1010-8765521', '010-0765521'], '请输入正确的座机号'],
  ['bankCard', ['6222021234567890', '1234567890', '12345678901234567890'], ['0222021234567890', '123456789', '123456789012345678901', '6222a21234567890'], MESSAGES.bankCard],
  ['idNumber', ['A12345', 'x'.repeat(50)], ['x'.repeat(51), 'ab-12', 'ab 12'], MESSAGES.idNumber],
  ['nationalId', ['110101199003074514', '11010119900307451X', '110101900307451'], ['11010119900307451', '1101011990030745141', '11010119900307451Y'], MESSAGES.nationalId],
  ['qq', ['10001', '123456789012'], ['1234', '1234567890123', '01234'], MESSAGES.qq],
  ['url', ['http://a.cn', 'https://huayuan.example.com/x?y=1'], ['ftp://a.cn', 'www.a.cn', 'http://', 'javascript:alert(1)'], MESSAGES.url],
  ['alnum20', ['', 'abc123', 'a'.repeat(20)], ['a'.repeat(21), 'ab_1', '中'], MESSAGES.alnum20],
  ['chineseEnglish', ['张三', 'John Smith', '王 Li'], ['a', 'x'.repeat(101), 'abc1', 'a_b'], MESSAGES.chineseEnglish],
  ['digitsLines', ['123\n456', '1\r\n2', ''], ['12a', '1 2'], MESSAGES.digitsLines],
];

describe('shared validation rules (docs/contract.md, Validation texts)', () => {
  describe.each(table)('%s', (name, good, bad, text) => {
    it.each(good)('accepts %s', (v) => {
      expect(PATTERNS[name].pattern.test(v)).toBe(true);
      expect(validators[name](v)).toBeNull();
      expect(zx[name]().safeParse(v).success).toBe(true);
    });
    it.each(bad)('rejects %s with the text', (v) => {
      expect(PATTERNS[name].message).toBe(text);
      expect(validators[name](v)).toBe(text);
      const r = zx[name]().safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(text);
    });
    it('lets an empty optional value pass (mobile is required)', () => {
      if (name === 'mobile') {
        expect(zx.mobileOptional().safeParse('').success).toBe(true);
        return;
      }
      expect(zx[name]().safeParse(undefined).success).toBe(true);
      expect(zx[name]().safeParse('').success).toBe(true);
    });
  });

  it('mobile is required with 请输入手机号', () => {
    expect(validators.mobile('')).toBe('请输入手机号');
    expect(zx.mobile().safeParse('').error?.issues[0].message).toBe('请输入手机号');
    expect(zx.mobile().safeParse('12345').error?.issues[0].message).toBe('请输入正确手机号');
    expect(rules.mobile[0]).toEqual({ required: true, message: '请输入手机号' });
  });

  it.each([
    ['', '请输入用户名'],
    ['ab c', '只允许字母、数字、下划线'],
    ['张三abc', '只允许字母、数字、下划线'],
    ['abc', MESSAGES.userNameLength],
    ['a'.repeat(19), MESSAGES.userNameLength],
  ])('userName rejects %j with %s', (v, text) => {
    expect(validators.userName(v)).toBe(text);
    expect(zx.userName().safeParse(v).error?.issues[0].message).toBe(text);
  });

  it('userName enforces 4 to 18 (the 6到18 reading is available)', () => {
    for (const v of ['abcd', 'ab_12', 'a'.repeat(18), 'user_01']) expect(validators.userName(v)).toBeNull();
    expect(MESSAGES.userNameLength).toContain('6到18');
    expect(validators.userName('abcd', USERNAME_LENGTH_STRICT)).toBe(MESSAGES.userNameLength);
    expect(validators.userName('abcdef', USERNAME_LENGTH_STRICT)).toBeNull();
  });

  it('max255', () => {
    expect(validators.max255('x'.repeat(255))).toBeNull();
    expect(validators.max255('x'.repeat(256))).toBe('最大长度255位字符');
    expect(zx.max255().safeParse('x'.repeat(256)).success).toBe(false);
  });

  it('min/max builders carry the product texts', () => {
    expect(validators.minLength(3)('ab')).toBe('最小长度3位字符');
    expect(validators.minLength(3)('abc')).toBeNull();
    expect(validators.maxLength(5)('abcdef')).toBe('最大长度5位字符');
    expect(rules.min(2)).toEqual({ min: 2, message: '最小长度2位字符' });
    expect(rules.max(9)).toEqual({ max: 9, message: '最大长度9位字符' });
    expect(zx.min(3).safeParse('ab').error?.issues[0].message).toBe('最小长度3位字符');
    expect(zx.max(3).safeParse('abcd').error?.issues[0].message).toBe('最大长度3位字符');
  });

  it('select and checked builders', async () => {
    expect(validators.select()('')).toBe('请选择');
    expect(validators.select('请选择部门')([])).toBe('请选择部门');
    expect(validators.select()('1')).toBeNull();
    expect(zx.select('请选择角色').safeParse('').error?.issues[0].message).toBe('请选择角色');
    expect(validators.checked(2, 3)(['a'])).toBe('最少选择2项');
    expect(validators.checked(2, 3)(['a', 'b', 'c', 'd'])).toBe('最多选择3项');
    expect(validators.checked(2, 3)(['a', 'b'])).toBeNull();
    expect(zx.checked(1).safeParse([]).error?.issues[0].message).toBe('最少选择1项');
    await expect(rules.checked(1).validator(null, [])).rejects.toThrow('最少选择1项');
    await expect(rules.checked(1).validator(null, ['x'])).resolves.toBeUndefined();
  });
});
