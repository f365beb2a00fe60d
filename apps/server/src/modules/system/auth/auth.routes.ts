import { loginRequest } from '@go/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../../platform/access/access.js';
import { readToken } from '../../../platform/access/guard.js';
import { AppError } from '../../../platform/http/errors.js';
import { ok } from '../../../platform/http/envelope.js';
import type { CaptchaService } from './captcha.service.js';
import type { LoginService } from './login.service.js';

export async function authRoutes(app: FastifyInstance, captcha: CaptchaService, logins: LoginService): Promise<void> {
  app.get(
    '/sys/randomImage/:key',
    {
      config: { access: PUBLIC },
      schema: { tags: ['登录'], summary: '图形验证码', params: z.object({ key: z.string().min(1).max(64) }) },
    },
    async (req) => {
      const { key } = req.params as { key: string };
      const { image } = await captcha.create(key);
      return ok(image);
    },
  );

  app.post(
    '/sys/login',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['登录'], summary: '账号登录', body: loginRequest },
    },
    async (req) =>
      ok(await logins.login(req.body as z.infer<typeof loginRequest>, { ip: req.ip, userAgent: req.headers['user-agent'] }), '登录成功'),
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/sys/logout',
    config: { access: PUBLIC, oplog: false },
    schema: { tags: ['登录'], summary: '退出登录' },
    handler: async (req) => {
      const token = readToken(req);
      if (!token) throw new AppError('LOGOUT_NO_TOKEN');
      if (!(await logins.logout(token, { ip: req.ip }))) throw new AppError('LOGOUT_BAD_TOKEN');
      return ok(null, '退出登录成功！');
    },
  });
}
