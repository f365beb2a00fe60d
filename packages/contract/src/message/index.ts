import { z } from 'zod';

/** Wire shapes of message templates (`/sys/message/sysMessageTemplate`) and sending. */

/** A sys_sms_template row with the type's dictionary text. */
export const msgTemplateRow = z.looseObject({
  id: z.string(),
  templateName: z.string(),
  templateCode: z.string(),
  /** 1 SMS, 2 e-mail, 3 messenger, 4 in-app */
  templateType: z.string(),
  templateType_dictText: z.string(),
  templateContent: z.string(),
  templateTestJson: z.string().nullable(),
  createBy: z.string().nullable(),
  createTime: z.string().nullable(),
  updateBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type MsgTemplateRow = z.infer<typeof msgTemplateRow>;

/** A configured message channel (`sysMessageTemplate/channels`). */
export const msgChannel = z.object({ name: z.string(), label: z.string() });
export type MsgChannel = z.infer<typeof msgChannel>;
