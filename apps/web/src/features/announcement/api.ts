import type { AnnDetail, AnnListByUser, AnnMySendRow, AnnNewsRow, AnnRow } from '@go/contract';
import { api, ApiError } from '../../app/http/api';

/**
 * A notice in the bell / detail modal (docs/realtime-and-jobs.md, 1–3: bell/detail announcement): a listByUser row or a
 * queryById detail; screens that open a notice from another list know only its id and title.
 */
export type BellNotice = Pick<AnnRow, 'id' | 'titile'> & Partial<AnnDetail>;

/** listByUser: unread notices and system messages with their counts. */
export type NoticeLists = AnnListByUser;

export const EMPTY_NOTICES: NoticeLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

export async function fetchNoticeLists(pageSize: number): Promise<NoticeLists> {
  const r = await api.announcement.listByUser({ pageSize }, { silent: true });
  return {
    anntMsgList: r.anntMsgList ?? [],
    anntMsgTotal: Number(r.anntMsgTotal ?? 0),
    sysMsgList: r.sysMsgList ?? [],
    sysMsgTotal: Number(r.sysMsgTotal ?? 0),
  };
}

/** Marks a notice read for the current user; a refusal is not an error (HTTP failures still reject). */
export async function markNoticeRead(anntId: string): Promise<void> {
  try {
    await api.announcement.markRead({ anntId });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
  }
}

/** The full record of a notice; rejects with the server's text (ApiError) when it is refused. */
export function fetchAnnouncement(id: string): Promise<BellNotice> {
  return api.announcement.queryById({ id });
}

/** A ticker / notice-page news item (docs/realtime-and-jobs.md, 1–3: announcementNews). */
export type NewsItem = AnnNewsRow;

/** POST /announcementNews/list (docs/realtime-and-jobs.md, 2): newest first. */
export async function fetchNews(pageNo: number, pageSize: number) {
  const r = await api.announcement.newsListPost(
    { column: 'createTime', field: 'id,noticeType,noticeTitle,noticePerson,noticeDescribe,createTime', order: 'desc', pageNo, pageSize },
    { silent: true },
  );
  return { records: r.records ?? [], total: Number(r.total ?? 0) };
}

/** A published announcement addressed to the caller (getMyAnnouncementSend row). */
export type MyAnnouncement = AnnMySendRow;

/** The caller's published announcements (category 1 notices), newest first. */
export async function fetchMyAnnouncements(pageSize: number): Promise<MyAnnouncement[]> {
  const r = await api.announcement.mySends({ pageNo: 1, pageSize, msgCategory: '1' }, { silent: true });
  return r.records ?? [];
}
