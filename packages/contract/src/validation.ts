/**
 * The shared validation rules (docs/contract.md, "Validation texts"), written once for the forms (antd `rules`) and the server (zod).
 *
 * Each rule exists in three forms:
 * - `PATTERNS.x` / `patternRule(x)`: a plain `{ pattern, message }` for an antd Form rule;
 * - `validators.x(value)`: returns the error text or `null` (for custom antd validators and the server);
 * - `zx.x()`: a zod schema (optional fields accept '' / undefined; required ones give the product's text).
 *
 * The product's texts are kept word for word. Where a rule has no given text (bank card,
 * ID number, national ID, QQ, URL, the length/letter/Chinese rules) the text below is this product's own.
 *
 * userName length — the product gives two readings: the pattern accepts 4 to 18 characters while the message
 * says 6到18. ENFORCED: 4 to 18 (the behaviour of the stock form, so existing 4- and 5-character
 * accounts stay valid); the message text keeps the stock wording 6到18.
 * `USERNAME_LENGTH_STRICT` gives the 6-to-18 reading for callers who want the message literally.
 */
import { z } from 'zod';

export interface PatternRule {
  pattern: RegExp;
  message: string;
}

export const MESSAGES = {
  mobileRequired: '请输入手机号',
  mobile: '请输入正确手机号',
  userNameRequired: '请输入用户名',
  userNameChars: '只允许字母、数字、下划线',
  userNameLength: '用户名长度必须为6到18位',
  email: '邮箱格式不正确',
  naturalNumber: '请输入自然数',
  english: '请输入英文字符',
  landline: '请输入正确的座机号',
  bankCard: '请输入正确的银行卡号',
  idNumber: '请输入不超过50位的字母或数字',
  nationalId: '请输入正确的身份证号码',
  qq: '请输入正确的QQ号',
  url: '请输入以http或https开头的网址',
  alnum20: '请输入0到20位字母或数字',
  chineseEnglish: '请输入2到100位中文、英文或空格',
  digitsLines: '只能输入数字和换行',
  max255: '最大长度255位字符',
  selectRequired: '请选择',
  minLength: (n: number) => `最小长度${n}位字符`,
  maxLength: (n: number) => `最大长度${n}位字符`,
  minChecked: (n: number) => `最少选择${n}项`,
  maxChecked: (n: number) => `最多选择${n}项`,
} as const;

/** The enforced userName length (4–18, see the file comment) and the literal 6–18 reading. */
export const USERNAME_LENGTH = { min: 4, max: 18 } as const;
export const USERNAME_LENGTH_STRICT = { min: 6, max: 18 } as const;

export const PATTERNS = {
  /** 1, then 3/4/5/7/8, then 9 digits */
  mobile: { pattern: /^1[34578]\d{9}$/, message: MESSAGES.mobile },
  userNameChars: { pattern: /^[A-Za-z0-9_]+$/, message: MESSAGES.userNameChars },
  userName: { pattern: /^[A-Za-z0-9_]{4,18}$/, message: MESSAGES.userNameLength },
  email: {
    pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/,
    message: MESSAGES.email,
  },
  naturalNumber: { pattern: /^(0|[1-9]\d*)$/, message: MESSAGES.naturalNumber },
  english: { pattern: /^[A-Za-z]+$/, message: MESSAGES.english },
  /** area code 0 + 2–3 digits, optional dash, 7–8 digits, optional extension */
  landline: { pattern: /^0\d{2,3}-?[1-9]\d{6,7}(-\d{1,6})?$/, message: MESSAGES.landline },
  /** 10–20 digits, not starting with 0 */
  bankCard: { pattern: /^[1-9]\d{9,19}$/, message: MESSAGES.bankCard },
  /** up to 50 letters or digits */
  idNumber: { pattern: /^[A-Za-z0-9]{1,50}$/, message: MESSAGES.idNumber },
  /** 15 digits, or 17 digits plus a digit or X */
  nationalId: { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: MESSAGES.nationalId },
  /** 5–12 digits, not starting with 0 */
  qq: { pattern: /^[1-9]\d{4,11}$/, message: MESSAGES.qq },
  url: { pattern: /^https?:\/\/[^\s/$.?#][^\s]*$/i, message: MESSAGES.url },
  alnum20: { pattern: /^[A-Za-z0-9]{0,20}$/, message: MESSAGES.alnum20 },
  chineseEnglish: { pattern: /^[\u4e00-\u9fa5A-Za-z ]{2,100}$/, message: MESSAGES.chineseEnglish },
  digitsLines: { pattern: /^[\d\r\n]*$/, message: MESSAGES.digitsLines },
  max255: { pattern: /^[\s\S]{0,255}$/, message: MESSAGES.max255 },
} as const satisfies Record<string, PatternRule>;

export type PatternName = keyof typeof PATTERNS;

/** An antd-style rule object (`{ pattern, message }`) for a named pattern. */
export function patternRule(name: PatternName): PatternRule {
  const p = PATTERNS[name];
  return { pattern: p.pattern, message: p.message };
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** Validators: the error text, or null when the value passes. Empty values pass unless the rule is required. */
export const validators = {
  mobile(v: unknown): string | null {
    if (isEmpty(v)) return MESSAGES.mobileRequired;
    return PATTERNS.mobile.pattern.test(String(v)) ? null : MESSAGES.mobile;
  },
  userName(v: unknown, length: { min: number; max: number } = USERNAME_LENGTH): string | null {
    if (isEmpty(v)) return MESSAGES.userNameRequired;
    const s = String(v);
    if (!PATTERNS.userNameChars.pattern.test(s)) return MESSAGES.userNameChars;
    if (s.length < length.min || s.length > length.max) return MESSAGES.userNameLength;
    return null;
  },
  email: (v: unknown) => optionalPattern('email', v),
  naturalNumber: (v: unknown) => optionalPattern('naturalNumber', v),
  english: (v: unknown) => optionalPattern('english', v),
  landline: (v: unknown) => optionalPattern('landline', v),
  bankCard: (v: unknown) => optionalPattern('bankCard', v),
  idNumber: (v: unknown) => optionalPattern('idNumber', v),
  nationalId: (v: unknown) => optionalPattern('nationalId', v),
  qq: (v: unknown) => optionalPattern('qq', v),
  url: (v: unknown) => optionalPattern('url', v),
  alnum20: (v: unknown) => optionalPattern('alnum20', v),
  chineseEnglish: (v: unknown) => optionalPattern('chineseEnglish', v),
  digitsLines: (v: unknown) => optionalPattern('digitsLines', v),
  max255: (v: unknown) => (isEmpty(v) || String(v).length <= 255 ? null : MESSAGES.max255),
  minLength: (n: number) => (v: unknown) => (isEmpty(v) || String(v).length >= n ? null : MESSAGES.minLength(n)),
  maxLength: (n: number) => (v: unknown) => (isEmpty(v) || String(v).length <= n ? null : MESSAGES.maxLength(n)),
  select: (message: string = MESSAGES.selectRequired) => (v: unknown) =>
    isEmpty(v) || (Array.isArray(v) && v.length === 0) ? message : null,
  checked:
    (min: number, max?: number) =>
    (v: unknown): string | null => {
      const n = Array.isArray(v) ? v.length : 0;
      if (n < min) return MESSAGES.minChecked(min);
      if (max !== undefined && n > max) return MESSAGES.maxChecked(max);
      return null;
    },
};

function optionalPattern(name: PatternName, v: unknown): string | null {
  if (isEmpty(v)) return null;
  return PATTERNS[name].pattern.test(String(v)) ? null : PATTERNS[name].message;
}

/** antd rule builders (`rules={[rules.min(6)]}`): plain objects antd understands. */
export const rules = {
  mobile: [{ required: true, message: MESSAGES.mobileRequired }, patternRule('mobile')],
  userName: [
    { required: true, message: MESSAGES.userNameRequired },
    patternRule('userNameChars'),
    { min: USERNAME_LENGTH.min, max: USERNAME_LENGTH.max, message: MESSAGES.userNameLength },
  ],
  email: [patternRule('email')],
  min: (n: number) => ({ min: n, message: MESSAGES.minLength(n) }),
  max: (n: number) => ({ max: n, message: MESSAGES.maxLength(n) }),
  select: (message: string = MESSAGES.selectRequired) => ({ required: true, message }),
  checked: (min: number, max?: number) => ({
    validator: async (_rule: unknown, value: unknown) => {
      const err = validators.checked(min, max)(value);
      if (err) throw new Error(err);
    },
  }),
};

/** zod helpers: an optional string field accepts '' and undefined and otherwise must match. */
function optionalString(name: PatternName) {
  return z
    .string()
    .optional()
    .nullable()
    .refine((v) => isEmpty(v) || PATTERNS[name].pattern.test(v!), { message: PATTERNS[name].message });
}

export const zx = {
  mobile: () =>
    z
      .string({ error: MESSAGES.mobileRequired })
      .min(1, { message: MESSAGES.mobileRequired })
      .regex(PATTERNS.mobile.pattern, { message: MESSAGES.mobile }),
  /** optional phone: empty allowed, else the mobile pattern */
  mobileOptional: () => optionalString('mobile'),
  userName: (length: { min: number; max: number } = USERNAME_LENGTH) =>
    z
      .string({ error: MESSAGES.userNameRequired })
      .min(1, { message: MESSAGES.userNameRequired })
      .superRefine((v, ctx) => {
        const err = validators.userName(v, length);
        if (err) ctx.addIssue({ code: 'custom', message: err });
      }),
  email: () => optionalString('email'),
  naturalNumber: () => optionalString('naturalNumber'),
  english: () => optionalString('english'),
  landline: () => optionalString('landline'),
  bankCard: () => optionalString('bankCard'),
  idNumber: () => optionalString('idNumber'),
  nationalId: () => optionalString('nationalId'),
  qq: () => optionalString('qq'),
  url: () => optionalString('url'),
  alnum20: () => optionalString('alnum20'),
  chineseEnglish: () => optionalString('chineseEnglish'),
  digitsLines: () => optionalString('digitsLines'),
  max255: () => z.string().max(255, { message: MESSAGES.max255 }).optional().nullable(),
  min: (n: number) => z.string().min(n, { message: MESSAGES.minLength(n) }),
  max: (n: number) => z.string().max(n, { message: MESSAGES.maxLength(n) }),
  select: (message: string = MESSAGES.selectRequired) =>
    z.union([z.string(), z.number()], { error: message }).refine((v) => v !== '', { message }),
  checked: (min: number, max?: number) =>
    z.array(z.unknown()).superRefine((v, ctx) => {
      const err = validators.checked(min, max)(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    }),
};
