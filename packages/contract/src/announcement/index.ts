import { z } from 'zod';

/**
 * Wire shapes of announcements (通知公告, `/sys/annountCement`), each user's read state
 * (`/sys/sysAnnouncementSend`) and news (`/announcementNews`). `titile` is spelled so on the wire.
 */

const text = z.string().nullable();

/** A sys_announcement row as the maintenance screens, the bell and the detail modal read it. */
export const annRow = z.looseObject({
  id: z.string(),
  titile: text,
  msgContent: text,
  startTime: text,
  endTime: text,
  sender: text,
  /** L, M, H */
  priority: text,
  /** 1 notice, 2 system message */
  msgCategory: z.string(),
  /** ALL or USER */
  msgType: z.string(),
  /** 0 draft, 1 published, 2 revoked */
  sendStatus: z.string(),
  sendTime: text,
  cancelTime: text,
  busType: text,
  busId: text,
  openType: text,
  openPage: text,
  msgAbstract: text,
  userIds: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});
export type AnnRow = z.infer<typeof annRow>;

/** A row of `annountCement/list` (and the detail): the row with its dictionary texts. */
export const annListRow = annRow.extend({
  priority_dictText: z.string(),
  msgCategory_dictText: z.string(),
  msgType_dictText: z.string(),
  sendStatus_dictText: z.string(),
});
export type AnnListRow = z.infer<typeof annListRow>;

/** `annountCement/queryById`: the row, its dictionary texts and the publisher's name. */
export const annDetail = annListRow.extend({ senderRealname: text });
export type AnnDetail = z.infer<typeof annDetail>;

/** `annountCement/listByUser`: the caller's unread notices (category 1) and system messages (category 2). */
export const annListByUser = z.looseObject({
  anntMsgList: z.array(annRow),
  anntMsgTotal: z.number(),
  sysMsgList: z.array(annRow),
  sysMsgTotal: z.number(),
});
export type AnnListByUser = z.infer<typeof annListByUser>;

/** A row of `sysAnnouncementSend/getMyAnnouncementSend`: a published announcement addressed to the caller. */
export const annMySendRow = z.looseObject({
  /** the send row's id, or the announcement's while the user has no send row yet */
  id: z.string(),
  anntId: z.string(),
  userId: z.string(),
  /** '0' unread, '1' read */
  readFlag: z.string(),
  readTime: text,
  titile: text,
  msgContent: text,
  sender: text,
  senderRealname: text,
  priority: text,
  sendTime: text,
  msgCategory: z.string(),
  msgAbstract: text,
  busId: text,
  busType: text,
  openType: text,
  openPage: text,
  priority_dictText: z.string(),
  msgCategory_dictText: z.string(),
  readFlag_dictText: z.string(),
});
export type AnnMySendRow = z.infer<typeof annMySendRow>;

/** A news item (`announcementNews/list`, `queryById`). */
export const annNewsRow = z.looseObject({
  id: z.string(),
  noticeType: text,
  noticeType_dictText: z.string(),
  noticeTitle: z.string(),
  noticePerson: text,
  noticeDescribe: text,
  noticeContent: text,
  sysOrgCode: text,
  createBy: text,
  createTime: text,
  updateBy: text,
  updateTime: text,
});
export type AnnNewsRow = z.infer<typeof annNewsRow>;
