import { z } from 'zod';
import { zx } from './validation.js';

/** Password change texts (docs/contract.md, "Validation texts"), shared by the modal and the server. */
export const PASSWORD_TEXTS = {
  oldRequired: '请输入旧密码!',
  newRequired: '请输入新密码!',
  confirmRequired: '请确认新密码!',
  mismatch: '两次输入的密码不一样！',
} as const;

export const loginRequest = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(100),
  password: z.string().min(1, '请输入密码').max(128),
  captcha: z.string().max(16).optional(),
  checkKey: z.union([z.string().max(64), z.number()]).optional(),
  remember_me: z.unknown().optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const updatePasswordRequest = z
  .object({
    username: z.string().min(1).max(100),
    oldpassword: z.string({ error: PASSWORD_TEXTS.oldRequired }).min(1, PASSWORD_TEXTS.oldRequired).max(128),
    password: z.string({ error: PASSWORD_TEXTS.newRequired }).min(1, PASSWORD_TEXTS.newRequired).max(128),
    confirmpassword: z
      .string({ error: PASSWORD_TEXTS.confirmRequired })
      .min(1, PASSWORD_TEXTS.confirmRequired)
      .max(128),
  })
  .refine((v) => v.password === v.confirmpassword, { message: PASSWORD_TEXTS.mismatch, path: ['confirmpassword'] });
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequest>;

export const selectDepartRequest = z.object({
  orgCode: z.string().min(1, '请选择部门').max(64),
  username: z.string().max(100).optional(),
});

/** Login and session constants (docs/contract.md, "Limits and constants"). */
export const SESSION_TTL_MS = 604800000;
export const REQUEST_TIMEOUT_MS = 100000;
export const DEFAULT_BASE_PATH = '/jeecg-boot';
export const HOME_PATH = '/zhome';

/** A password the user chooses (registration, forgotten password): the shared rule. */
export const newPasswordField = () =>
  z
    .string({ error: '请输入密码' })
    .min(6, { message: '密码不能少于6位' })
    .max(64, { message: '密码不能超过64位' });

/** SMS code texts and constants (docs/security.md lists the limits). */
export const SMS_TEXTS = {
  codeRequired: '请输入短信验证码',
  codeFormat: '短信验证码为6位数字',
  wrong: '手机验证码错误',
  sent: '验证码已发送，5分钟内有效',
  tooFrequent: '获取验证码太频繁，请60秒后再试',
  dailyCap: '今日获取验证码次数已达上限，请明天再试',
  ipCap: '短信接口请求太多，请稍后再试！',
  notConfigured: '短信接口未配置，请联系管理员！',
  sendFailed: '短信验证码发送失败,请稍后重试',
  registrationClosed: '系统未开放注册，请联系管理员开通账号',
} as const;
export const SMS_CODE_LENGTH = 6;
/** Seconds the 获取验证码 button waits before another code may be asked for. */
export const SMS_RESEND_SECONDS = 60;
/** The stock `smsmode` values: 0 login, 1 register, 2 forgotten password. */
export const SMS_MODES = { login: '0', register: '1', forgot: '2' } as const;

export const smsCodeField = () =>
  z
    .string({ error: SMS_TEXTS.codeRequired })
    .trim()
    .min(1, { message: SMS_TEXTS.codeRequired })
    .regex(/^\d{6}$/, { message: SMS_TEXTS.codeFormat });

/** POST /sys/sms: ask for a code. */
export const smsRequest = z.object({
  mobile: zx.mobile(),
  smsmode: z.union([z.enum(['0', '1', '2']), z.literal(0), z.literal(1), z.literal(2)]).transform((v) => String(v) as '0' | '1' | '2'),
});
export type SmsRequest = z.infer<typeof smsRequest>;

/** POST /sys/phoneLogin: the mobile and the SMS code (named `captcha` as the stock client sends it). */
export const phoneLoginRequest = z.object({
  mobile: zx.mobile(),
  captcha: smsCodeField(),
  remember_me: z.unknown().optional(),
});
export type PhoneLoginRequest = z.infer<typeof phoneLoginRequest>;

/** Self-registration (the /user/register page); the same rules as the user form plus the SMS code. */
export const registerRequest = z.object({
  username: zx.userName(),
  password: newPasswordField(),
  phone: zx.mobile(),
  email: zx.email(),
  smscode: smsCodeField(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

/** 找回密码 step 1: POST /sys/user/phoneVerification. */
export const phoneVerificationRequest = z.object({
  phone: zx.mobile(),
  smscode: smsCodeField(),
  username: z.string().max(100).optional(),
});
export type PhoneVerificationRequest = z.infer<typeof phoneVerificationRequest>;

/** 找回密码 step 2: GET /sys/user/passwordChange?username&password&smscode&phone (as the stock client calls it). */
export const passwordChangeQuery = z.object({
  username: z.string({ error: '重置密码失败！' }).trim().min(1, { message: '重置密码失败！' }).max(100),
  password: newPasswordField(),
  smscode: smsCodeField(),
  phone: zx.mobile(),
});
export type PasswordChangeQuery = z.infer<typeof passwordChangeQuery>;

/** POST /sys/online/forceLogout: the `token` of an online-list row (the session id) or a token. */
export const forceLogoutRequest = z.object({ token: z.string().trim().min(1, { message: '参数不正确' }).max(2000) });
