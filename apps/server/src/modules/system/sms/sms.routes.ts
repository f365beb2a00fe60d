import { envelope, messageResponse, phoneLoginRequest, SMS_TEXTS, smsRequest, sysLoginResult, sysSmsOutboxEntry } from '@go/contract';
import { z } from 'zod';
import { PUBLIC } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import { RecordingSmsProvider } from '../../../platform/sms/providers.js';
import type { LoginService } from '../auth/login.service.js';
import type { SmsCodeService } from './sms.service.js';

export async function smsRoutes(app: Api, sms: SmsCodeService, logins: LoginService): Promise<void> {
  // codes still being sent in the background finish before the database closes
  app.addHook('onClose', async () => sms.settled());
  app.post(
    '/sys/sms',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['登录'], summary: '获取短信验证码（smsmode 0 登录，1 注册，2 忘记密码）', body: smsRequest, response: { 200: messageResponse } },
    },
    async (req) => {
      const body = req.body;
      await sms.request(body.mobile, body.smsmode, req.ip);
      return ok(null, SMS_TEXTS.sent);
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: PUBLIC, oplog: false, noEncrypt: true },
      schema: { tags: ['登录'], summary: '手机号登录', body: phoneLoginRequest, response: { 200: envelope(sysLoginResult) } },
    },
    async (req) =>
      ok(
        await logins.phoneLogin(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }),
        '登录成功',
      ),
  );

  // The recording channel's outbox, for browser tests and development only: registered only when
  // SMS_TEST_OUTBOX=on with the recording provider, which the configuration refuses in production.
  const recorder = sms.provider instanceof RecordingSmsProvider ? sms.provider : null;
  if (sms.config.testOutbox && recorder) {
    app.get(
      '/sys/sms/testOutbox',
      {
        config: { access: PUBLIC, oplog: false },
        schema: { tags: ['登录'], summary: '测试用：录制通道最近的短信', querystring: z.object({ mobile: z.string().max(20) }),
          response: { 200: envelope(sysSmsOutboxEntry) },
        },
      },
      async (req) => {
        await sms.settled();
        const m = recorder.latest(req.query.mobile);
        return ok(m ? { mobile: m.mobile, purpose: m.purpose, code: m.code, at: m.at } : null);
      },
    );
  }
}
