import type { AnnDetail, AnnListByUser, AnnMySendRow, AnnNewsRow, AnnRow } from '@go/contract';
import { getAction, postAction, putAction } from '../../app/http/client';

/**
 * A notice in the bell / detail modal (docs/realtime-and-jobs.md, 1–3: bell/detail announcement): a listByUser row or a
 * queryById detail; screens that open a notice from another list know only its id and title.
 */
export type BellNotice = Pick<AnnRow, 'id' | 'titile'> & Partial<AnnDetail>;

/** listByUser: unread notices and system messages with their counts. */
export type NoticeLists = AnnListByUser;

export const EMPTY_NOTICES: NoticeLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export async function fetchNoticeLists(pageSize: number): Promise<NoticeLists> {
  const res = await getAction<NoticeLists>('/sys/annountCement/listByUser', { pageSize }, { silent: true });
  if (!res.success || !res.result) throw new Error(res.message || 'listByUser failed');
  const r = res.result;
  return {
    anntMsgList: r.anntMsgList ?? [],
    anntMsgTotal: Number(r.anntMsgTotal ?? 0),
    sysMsgList: r.sysMsgList ?? [],
    sysMsgTotal: Number(r.sysMsgTotal ?? 0),
  };
}

/** Marks a notice read for the current user. */
export function markNoticeRead(anntId: string) {
  return putAction('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId });
}

export function fetchAnnouncement(id: string) {
  return getAction<BellNotice>('/sys/annountCement/queryById', { id });
}

/** A ticker / notice-page news item (docs/realtime-and-jobs.md, 1–3: announcementNews). */
export type NewsItem = AnnNewsRow;

/** POST /announcementNews/list (docs/realtime-and-jobs.md, 2): newest first. */
export async function fetchNews(pageNo: number, pageSize: number, extra: Record<string, unknown> = {}) {
  const res = await postAction<{ records: NewsItem[]; total: number }>(
    '/announcementNews/list',
    { column: 'createTime', field: 'id,noticeType,noticeTitle,noticePerson,noticeDescribe,createTime', order: 'desc', pageNo, pageSize, ...extra },
    { silent: true },
  );
  if (!res.success || !res.result) throw new Error(res.message || 'news list failed');
  return { records: res.result.records ?? [], total: Number(res.result.total ?? 0) };
}

/** A published announcement addressed to the caller (getMyAnnouncementSend row). */
export type MyAnnouncement = AnnMySendRow;

/** The caller's published announcements (category 1 notices), newest first. */
export async function fetchMyAnnouncements(pageSize: number): Promise<MyAnnouncement[]> {
  const res = await getAction<{ records: MyAnnouncement[] }>(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    { pageNo: 1, pageSize, msgCategory: '1' },
    { silent: true },
  );
  if (!res.success || !res.result) throw new Error(res.message || 'announcements failed');
  return res.result.records ?? [];
}
