import { z } from 'zod';

const text = z.string().nullable();

/** A live session of `/sys/online/list` (`token` is the session id, never a credential). */
export const sysOnlineRow = z.looseObject({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  username: z.string(),
  realname: text,
  avatar: text,
  orgCode: text,
  orgCodeTxt: text,
  ip: text,
  browser: z.string(),
  os: z.string(),
  loginTime: z.string(),
  lastActiveTime: z.string(),
  expireTime: z.string(),
  current: z.boolean(),
});
