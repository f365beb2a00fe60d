import { forceLogoutRequest, messageResponse, pageResponse, sysOnlineRow } from '@go/contract';
import { z } from 'zod';
import { perm } from '../../../platform/access/access.js';
import { TOUCH_INTERVAL_MS } from '../../../platform/auth/session-store.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';
import type { OnlineUserService } from './online.service.js';

export const ONLINE_PERMS = { list: 'system:online:list', forceLogout: 'system:online:forceLogout' } as const;

const listQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  username: z.string().max(100).optional(),
});

export async function onlineRoutes(app: Api, online: OnlineUserService): Promise<void> {
  app.get(
    '/sys/online/list',
    {
      config: { access: perm(ONLINE_PERMS.list) },
      schema: { tags: ['在线用户'], summary: '在线用户（会话）列表', querystring: listQuery, response: { 200: pageResponse(sysOnlineRow) } },
    },
    async (req) => ok(await online.list(req.user!, req.query)),
  );

  app.post(
    '/sys/online/forceLogout',
    {
      config: { access: perm(ONLINE_PERMS.forceLogout), oplog: { content: '强制退出', type: 4 } },
      schema: { tags: ['在线用户'], summary: '强制退出一个会话', body: forceLogoutRequest, response: { 200: messageResponse } },
    },
    async (req) => {
      await online.forceLogout(req.user!, req.body.token, req.ip);
      return ok(null, '强制退出成功');
    },
  );

  // Last activity: a signed-in request refreshes its session's mark at most once a minute per instance.
  const lastTouch = new Map<string, number>();
  // A callback hook (it runs on every answer): the touch itself is not awaited by the response.
  app.addHook('onResponse', (req, _reply, done) => {
    done();
    const sid = req.user?.sessionId;
    if (!sid) return;
    const t = Date.now();
    if (t - (lastTouch.get(sid) ?? 0) < TOUCH_INTERVAL_MS) return;
    lastTouch.set(sid, t);
    if (lastTouch.size > 20_000) {
      for (const [k, v] of lastTouch) if (t - v >= TOUCH_INTERVAL_MS) lastTouch.delete(k);
    }
    app.ctx.sessions.touch(sid, t).catch((err: unknown) => req.log.warn({ err }, 'session touch failed'));
  });
}
