import { z } from 'zod';

/** Wire shapes of the tenants (`/sys/tenant/*`) and the third-party apps (`/sys/thirdApp/*`). */

/** A tenant (sys_tenant): numeric id; `status_dictText` passes through. */
export const sysTenantRow = z.looseObject({
  id: z.number(),
  name: z.string(),
  beginDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.number().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
});

/** Which third-party apps (企业微信, 钉钉) are enabled. */
export const sysThirdAppEnabled = z.object({ wechat_enterprise: z.boolean(), dingtalk: z.boolean() });
