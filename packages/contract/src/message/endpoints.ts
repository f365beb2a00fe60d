import { z } from 'zod';
import { endpoint, messageResult } from '../endpoint.js';
import { idQuery, idsQuery, pageParams, zs } from '../params.js';
import { pageOf } from '../wire.js';
import { msgChannel, msgTemplateRow } from './index.js';

/** The endpoints of message templates (`/sys/message/sysMessageTemplate`). */

/** A send to nobody is refused with this text. */
export const NO_RECEIVER_TEXT = '接收人不能为空';

const templateBody = z.object({
  templateName: zs().trim().min(1, '模板标题不能为空').max(50),
  templateCode: z
    .string()
    .trim()
    .min(1, '模板CODE不能为空')
    .max(32)
    .regex(/^[A-Za-z0-9_]+$/, '只允许字母、数字、下划线'),
  templateType: z.coerce.string().pipe(z.enum(['1', '2', '3', '4'])),
  templateContent: zs().min(1, '模板内容不能为空').max(100_000),
  templateTestJson: zs().max(10_000).nullish(),
});
const templateEditBody = templateBody.extend({ id: zs().min(1).max(32) });
const listQuery = pageParams.extend({
  templateName: zs().max(50).optional(),
  templateCode: zs().max(32).optional(),
  templateType: zs().max(1).optional(),
});
const sendMsgBody = z.object({
  templateCode: zs().min(1).max(32),
  testData: zs().max(10_000).nullish(),
  receiver: zs().min(1, NO_RECEIVER_TEXT).max(5000),
  msgType: zs().max(30).nullish(),
});

const T = '/sys/message/sysMessageTemplate';

export const messageEndpoints = {
  list: endpoint({ method: 'GET', path: `${T}/list`, query: listQuery, result: pageOf(msgTemplateRow) }),
  queryById: endpoint({ method: 'GET', path: `${T}/queryById`, query: idQuery, result: msgTemplateRow }),
  add: endpoint({ method: 'POST', path: `${T}/add`, body: templateBody, result: messageResult }),
  /** also answers POST */
  edit: endpoint({ method: 'PUT', path: `${T}/edit`, body: templateEditBody, result: messageResult }),
  delete: endpoint({ method: 'DELETE', path: `${T}/delete`, query: idQuery, result: messageResult }),
  deleteBatch: endpoint({ method: 'DELETE', path: `${T}/deleteBatch`, query: idsQuery, result: messageResult }),
  /** 发送测试: the template to the chosen users, through its channel or `msgType` */
  sendMsg: endpoint({ method: 'POST', path: `${T}/sendMsg`, body: sendMsgBody, result: messageResult }),
  /** the channels configured on this server */
  channels: endpoint({ method: 'GET', path: `${T}/channels`, result: z.array(msgChannel) }),
};
