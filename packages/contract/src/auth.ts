import { z } from 'zod';
import { zx } from './validation.js';

/** Password change texts (SPEC §5), shared by the modal and the server. */
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

/** Login and session constants (SPEC §4, §9). */
export const SESSION_TTL_MS = 604800000;
export const REQUEST_TIMEOUT_MS = 100000;
export const DEFAULT_BASE_PATH = '/jeecg-boot';
export const HOME_PATH = '/zhome';

/** Self-registration (the /user/register page); the same rules as the user form. */
export const registerRequest = z.object({
  username: zx.userName(),
  password: z.string().min(6, { message: '密码不能少于6位' }).max(64, { message: '密码不能超过64位' }),
  phone: zx.mobile(),
  email: zx.email(),
});
export type RegisterRequest = z.infer<typeof registerRequest>;
