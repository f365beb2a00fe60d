import type { Audit } from '../../platform/db/schema.js';

export interface SysAnnouncement extends Audit {
  id: string;
  /** spelled so on the wire and in the table */
  titile: string | null;
  msgContent: string | null;
  startTime: string | null;
  endTime: string | null;
  /** username of the publisher */
  sender: string | null;
  /** L, M, H */
  priority: string | null;
  /** 1 notice, 2 system message */
  msgCategory: string;
  /** ALL or USER */
  msgType: string;
  /** 0 draft, 1 published, 2 revoked */
  sendStatus: string;
  sendTime: string | null;
  cancelTime: string | null;
  delFlag: number;
  busType: string | null;
  busId: string | null;
  /** component or url */
  openType: string | null;
  openPage: string | null;
  msgAbstract: string | null;
  /** user ids, comma separated with a trailing comma */
  userIds: string | null;
}

export interface SysAnnouncementSend extends Audit {
  id: string;
  anntId: string;
  userId: string;
  /** '0' unread, '1' read */
  readFlag: string;
  readTime: string | null;
}

export interface AnnouncementNews extends Audit {
  id: string;
  noticeType: string | null;
  noticeTitle: string;
  noticePerson: string | null;
  noticeDescribe: string | null;
  noticeContent: string | null;
  sysOrgCode: string | null;
  delFlag: number;
}

declare module '../../platform/db/schema.js' {
  interface DB {
    sysAnnouncement: SysAnnouncement;
    sysAnnouncementSend: SysAnnouncementSend;
    announcementNews: AnnouncementNews;
  }
}
