import { envelope, sysThirdAppEnabled } from '@go/contract';
import { LOGIN } from '../../../platform/access/access.js';
import type { Api } from '../../../platform/http/api.js';
import { ok } from '../../../platform/http/envelope.js';

/**
 * Third-party apps (企业微信, 钉钉): this server has no such integration, so the stock user screen's
 * question "which are enabled" always answers none (it then hides the 同步 buttons).
 */
export async function thirdAppRoutes(app: Api): Promise<void> {
  app.get(
    '/sys/thirdApp/getEnabledType',
    { config: { access: LOGIN }, schema: { tags: ['第三方应用'], summary: '启用的第三方应用 {wechat_enterprise, dingtalk}', response: { 200: envelope(sysThirdAppEnabled) } } },
    async () => ok({ wechat_enterprise: false, dingtalk: false }),
  );
}
