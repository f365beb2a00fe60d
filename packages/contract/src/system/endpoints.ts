import { z } from 'zod';
import { selectDepartRequest } from '../auth.js';
import { endpoint } from '../endpoint.js';
import { sysCurrentDeparts, sysUserInfoResult } from './auth.js';
import { sysDictOption } from './dict.js';

/** 更换头像 save: a stored relative path (no `..`) or an http(s) URL; other user info fields are ignored. */
const avatarRequest = z
  .object({
    avatar: z
      .string()
      .trim()
      .max(255)
      .refine((v) => v === '' || /^https?:\/\//.test(v) || (!v.includes('..') && !v.startsWith('/') && !v.includes('\\')), {
        message: '头像路径不正确',
      })
      .nullable(),
  })
  .loose();

/** The endpoints of the platform the web calls through the typed client: the caller's account, dictionaries. */
export const systemEndpoints = {
  currentDeparts: endpoint({ method: 'GET', path: '/sys/user/getCurrentUserDeparts', result: sysCurrentDeparts }),
  /** also answers POST */
  selectDepart: endpoint({ method: 'PUT', path: '/sys/selectDepart', body: selectDepartRequest, result: sysUserInfoResult }),
  /** saves the caller's avatar (stock name, not a logout; also answers PUT) */
  saveAvatar: endpoint({ method: 'POST', path: '/sys/updatelogout', body: avatarRequest, result: sysUserInfoResult }),
  /** a dictionary's items (signed, docs/contract.md "Request signing"); refused for a malformed table dictionary code */
  dictItems: endpoint({ method: 'GET', path: '/sys/dict/getDictItems/:code', result: z.array(sysDictOption) }),
};
