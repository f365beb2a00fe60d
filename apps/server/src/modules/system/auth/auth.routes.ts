import { envelope, loginRequest, messageResponse, sysLoginResult } from '@go/contract';
import { z } from 'zod';
import { PUBLIC } from '../../../platform/access/access.js';
import { readToken } from '../../../platform/access/guard.js';
import type { Api } from '../../../platform/http/api.js';
import { AppError } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/envelope.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginService } from './login.service.js';

export async function authRoutes(app: Api, captcha: CaptchaService, logins: LoginService): Promise<void> {
  app.get(
    '/sys/randomImage/:key',
    {
      config: { access: PUBLIC },
      schema: { tags: ['登录'], summary: '图形验证码', params: z.object({ key: z.string().min(1).max(64) }), response: { 200: envelope(z.string()) } },
    },
    async (req) => {
      const { key } = req.params;
      const { image } = await captcha.create(key);
      return ok(image);
    },
  );

  app.post(
    '/sys/login',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['登录'], summary: '账号登录', body: loginRequest, response: { 200: envelope(sysLoginResult) } },
    },
    async (req) =>
      ok(await logins.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }), '登录成功'),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { access: PUBLIC, oplog: false },
    schema: { tags: ['登录'], summary: '退出登录', response: { 200: messageResponse } },
    handler: async (req) => {
      const token = readToken(req);
      if (!token) throw new AppError('LOGOUT_NO_TOKEN');
      if (!(await logins.logout(token, { ip: req.ip }))) throw new AppError('LOGOUT_BAD_TOKEN');
      return ok(null, '退出登录成功！');
    },
  });
}
