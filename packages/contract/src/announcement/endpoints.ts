import { z } from 'zod';
import { endpoint, messageResult } from '../endpoint.js';
import { idQuery, idsQuery, pageParams, zs } from '../params.js';
import { pageOf } from '../wire.js';
import { annDetail, annListByUser, annListRow, annMySendRow, annNewsRow } from './index.js';

/** The endpoints of announcements (`/sys/annountCement`), the read state (`/sys/sysAnnouncementSend`) and news. */

const dateTime = z
  .string()
  .max(19)
  .regex(/^(\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?)?$/, '时间格式应为 yyyy-MM-dd HH:mm:ss')
  .nullish();
const optText = (max: number) => zs().max(max).nullish();

const announcementBody = z.object({
  titile: zs().trim().min(1, '标题不能为空').max(500),
  msgContent: zs().max(500_000).nullish(),
  startTime: dateTime,
  endTime: dateTime,
  priority: z.enum(['L', 'M', 'H']).nullish(),
  msgCategory: z.coerce.string().pipe(z.enum(['1', '2'])).nullish(),
  msgType: z.enum(['ALL', 'USER']).nullish(),
  userIds: optText(20_000),
  busType: optText(20),
  busId: optText(50),
  openType: z.enum(['component', 'url', '']).nullish(),
  // 'go handle' navigates here: an app path or an http(s) address only (never javascript: and the like)
  openPage: zs()
    .max(255)
    .regex(/^(\/(?!\/)[^\s\\]*|https?:\/\/[^\s\\]+)?$/i, '打开页面应为以 / 开头的路径或 http(s) 地址')
    .nullish(),
  msgAbstract: optText(2000),
});
const editBody = announcementBody.extend({ id: zs().min(1).max(32) });
const listQuery = pageParams.extend({
  titile: zs().max(100).optional(),
  msgCategory: zs().max(2).optional(),
  msgType: zs().max(10).optional(),
  sendStatus: zs().max(2).optional(),
  priority: zs().max(2).optional(),
  sender: zs().max(100).optional(),
});
const listByUserQuery = z.object({ pageSize: z.coerce.number().int().min(1).max(100).optional(), _t: z.any().optional() });
const anntIdBody = z.object({ anntId: zs().min(1).max(32) });
const mySendQuery = pageParams.extend({
  titile: zs().max(100).optional(),
  sender: zs().max(100).optional(),
  readFlag: z.enum(['0', '1', '']).optional(),
  msgCategory: z.enum(['1', '2', '']).optional(),
});

const newsBody = z.object({
  noticeType: z.coerce.string().max(32).nullish(),
  noticeTitle: zs().trim().min(1, '标题不能为空').max(500),
  noticePerson: optText(100),
  noticeDescribe: optText(2000),
  noticeContent: zs().max(500_000).nullish(),
});
const newsEditBody = newsBody.extend({ id: zs().min(1).max(32) });
const newsListQuery = pageParams.extend({
  noticeTitle: zs().max(100).optional(),
  noticeType: zs().max(32).optional(),
  noticePerson: zs().max(100).optional(),
});

const A = '/sys/annountCement';
const S = '/sys/sysAnnouncementSend';
const N = '/announcementNews';

export const announcementEndpoints = {
  list: endpoint({ method: 'GET', path: `${A}/list`, query: listQuery, result: pageOf(annListRow) }),
  add: endpoint({ method: 'POST', path: `${A}/add`, body: announcementBody, result: messageResult }),
  /** also answers POST (docs/contract.md, "Base path and methods") */
  edit: endpoint({ method: 'PUT', path: `${A}/edit`, body: editBody, result: messageResult }),
  delete: endpoint({ method: 'DELETE', path: `${A}/delete`, query: idQuery, result: messageResult }),
  deleteBatch: endpoint({ method: 'DELETE', path: `${A}/deleteBatch`, query: idsQuery, result: messageResult }),
  queryById: endpoint({ method: 'GET', path: `${A}/queryById`, query: idQuery, result: annDetail }),
  release: endpoint({ method: 'GET', path: `${A}/doReleaseData`, query: idQuery, result: messageResult }),
  revoke: endpoint({ method: 'GET', path: `${A}/doReovkeData`, query: idQuery, result: messageResult }),
  listByUser: endpoint({ method: 'GET', path: `${A}/listByUser`, query: listByUserQuery, result: annListByUser }),
  /** the workbook; filters as `list` */
  exportXls: endpoint({ method: 'GET', path: `${A}/exportXls`, query: listQuery, result: z.unknown() }),
  importExcel: endpoint({ method: 'POST', path: `${A}/importExcel`, result: z.unknown() }),
  /** also answers POST */
  markRead: endpoint({ method: 'PUT', path: `${S}/editByAnntIdAndUserId`, body: anntIdBody, result: messageResult }),
  /** also answers POST; no body or `{}` */
  readAll: endpoint({ method: 'PUT', path: `${S}/readAll`, body: z.object({}).strict().nullish(), result: messageResult }),
  mySends: endpoint({ method: 'GET', path: `${S}/getMyAnnouncementSend`, query: mySendQuery, result: pageOf(annMySendRow) }),
  newsList: endpoint({ method: 'GET', path: `${N}/list`, query: newsListQuery, result: pageOf(annNewsRow) }),
  /** the same list with its filters in the body (the header ticker, the notice page) */
  newsListPost: endpoint({ method: 'POST', path: `${N}/list`, query: newsListQuery, body: newsListQuery.nullish(), result: pageOf(annNewsRow) }),
  newsAdd: endpoint({ method: 'POST', path: `${N}/add`, body: newsBody, result: messageResult }),
  /** also answers POST */
  newsEdit: endpoint({ method: 'PUT', path: `${N}/edit`, body: newsEditBody, result: messageResult }),
  newsDelete: endpoint({ method: 'DELETE', path: `${N}/delete`, query: idQuery, result: messageResult }),
  newsDeleteBatch: endpoint({ method: 'DELETE', path: `${N}/deleteBatch`, query: idsQuery, result: messageResult }),
  newsById: endpoint({ method: 'GET', path: `${N}/queryById`, query: idQuery, result: annNewsRow }),
};
