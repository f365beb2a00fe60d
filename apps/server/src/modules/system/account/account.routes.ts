import {
  passwordChangeQuery,
  phoneVerificationRequest,
  registerRequest,
  selectDepartRequest,
  updatePasswordRequest,
  envelope,
  messageResponse,
  sysCurrentDeparts,
  sysPasswordState,
  sysPhoneVerification,
  sysUserInfoResult,
  systemEndpoints,
} from '@go/contract';
import { LOGIN, PUBLIC } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import type { AccountService } from './account.service.js';

// The avatar's schema: the endpoint declaration (packages/contract/src/system/endpoints.ts).
const avatarRequest = systemEndpoints.saveAvatar.body;

export async function accountRoutes(app: Api, accounts: AccountService): Promise<void> {
  app.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { access: LOGIN }, schema: { tags: ['账号'], summary: '当前用户的部门', response: { 200: envelope(sysCurrentDeparts) } } },
    async (req) => ok(await accounts.currentDeparts(req.user!)),
  );

  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/selectDepart',
    config: { access: LOGIN, oplog: { content: '切换部门', type: 3 } },
    schema: { tags: ['账号'], summary: '切换当前部门', body: selectDepartRequest, response: { 200: envelope(sysUserInfoResult) } },
    handler: async (req) => {
      const body = req.body;
      return ok(await accounts.selectDepart(req.user!, body.orgCode, body.username));
    },
  });

  app.get(
    '/sys/user/passwordState',
    { config: { access: LOGIN }, schema: { tags: ['账号'], summary: '是否需要先修改密码（管理员设置的初始或重置密码）', response: { 200: envelope(sysPasswordState) } } },
    async (req) => ok(await accounts.passwordState(req.user!)),
  );

  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/user/updatePassword',
    config: { access: LOGIN, oplog: { content: '修改密码', type: 3 } },
    schema: { tags: ['账号'], summary: '修改自己的密码', body: updatePasswordRequest, response: { 200: messageResponse } },
    handler: async (req) => {
      await accounts.updatePassword(req.user!, req.body);
      return ok(null, '密码重置成功!');
    },
  });

  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/updatelogout',
    config: { access: LOGIN, oplog: { content: '更换头像', type: 3 } },
    schema: { tags: ['账号'], summary: '保存自己的头像', body: avatarRequest, response: { 200: envelope(sysUserInfoResult) } },
    handler: async (req) => {
      const { avatar } = req.body;
      return ok(await accounts.updateAvatar(req.user!, avatar ? avatar : null), '操作成功');
    },
  });

  app.post(
    '/sys/user/register',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['账号'], summary: '注册账号', body: registerRequest, response: { 200: messageResponse } },
    },
    async (req) => {
      await accounts.register(req.body, req.ip);
      return ok(null, '注册成功');
    },
  );

  // 找回密码, stock steps: verify the SMS code, then set the password with it (GET, as the stock client calls it).
  app.post(
    '/sys/user/phoneVerification',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['账号'], summary: '找回密码：校验短信验证码', body: phoneVerificationRequest, response: { 200: envelope(sysPhoneVerification) } },
    },
    async (req) => ok(await accounts.phoneVerification(req.body), '操作成功'),
  );

  app.get(
    '/sys/user/passwordChange',
    {
      config: { access: PUBLIC, oplog: false },
      schema: { tags: ['账号'], summary: '找回密码：设置新密码', querystring: passwordChangeQuery, response: { 200: messageResponse } },
    },
    async (req) => {
      await accounts.passwordChangeBySms(req.query, req.ip);
      return ok(null, '密码重置完成！');
    },
  );
}
