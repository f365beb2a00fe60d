import { z } from 'zod';

const text = z.string().nullable();

/** The signed-in user as the client sees it (every column but the password and salt, plus `orgCodeTxt`). */
export const sysAuthUserInfo = z.looseObject({
  id: z.string(),
  username: z.string(),
  realname: text,
  avatar: text,
  orgCode: text,
  orgCodeTxt: text,
  status: z.number(),
});

/** A department of the signed-in user (login, `getCurrentUserDeparts`). */
export const sysAuthDepart = z.looseObject({
  id: z.string(),
  parentId: text,
  departName: z.string(),
  orgCode: z.string(),
  orgCategory: text,
  orgType: text,
  departOrder: z.number().nullable(),
});

/** A dictionary option of `sysAllDictItems`. */
export const sysAuthDictOption = z.object({ value: z.string(), text: z.string(), title: z.string(), label: z.string() });

/** The answer of every way of signing in (account, mobile, single sign-on exchange). */
export const sysLoginResult = z.looseObject({
  token: z.string(),
  userInfo: sysAuthUserInfo,
  needChangePassword: z.boolean(),
  departs: z.array(sysAuthDepart),
  multi_depart: z.number(),
  sysAllDictItems: z.record(z.string(), z.array(sysAuthDictOption)),
  tenantList: z.array(z.object({ id: z.number(), name: z.string() })).optional(),
});

/** `/sys/user/getCurrentUserDeparts`. */
export const sysCurrentDeparts = z.object({ list: z.array(sysAuthDepart), orgCode: z.string() });

/** `/sys/selectDepart`, `/sys/updatelogout`: the user as saved. */
export const sysUserInfoResult = z.object({ userInfo: sysAuthUserInfo });

/** `/sys/user/passwordState`. */
export const sysPasswordState = z.object({ needChangePassword: z.boolean(), message: text });

/** `/sys/user/phoneVerification`: the checked code and the account it belongs to. */
export const sysPhoneVerification = z.object({ smscode: z.string(), username: z.string() });

/** `/sys/sms/testOutbox` (tests only): the latest recorded message to a mobile. */
export const sysSmsOutboxEntry = z.object({ mobile: z.string(), purpose: z.string(), code: z.string(), at: z.number() }).nullable();

/** `/sys/sso/config`: which ways of single sign-on the login page offers (`SsoPublicConfig`). */
export const sysSsoConfig = z.object({
  oidc: z.boolean(),
  casLoginUrl: z.string().nullable(),
  third: z.array(z.string()),
  messengers: z.array(z.string()),
});
