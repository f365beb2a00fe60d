import type { BellNotice, NoticeLists } from './api';

/**
 * What a system message pushed on the user socket is about, read from the page it opens (the workflow
 * notices link a new task to the to-do list filtered by its title and an approval result to 我的申请):
 * `task` and `result` pop up a notice with 去处理; anything else only refreshes the bell.
 */
export type WorkNoticeKind = 'task' | 'result';

export function workNoticeKind(openPage: string | null | undefined): WorkNoticeKind | null {
  const page = (openPage ?? '').replace(/^\/?/, '/');
  if (/^\/activiti\/todoManage\?/.test(page)) return 'task';
  if (/^\/activiti\/myApplications(\?|$)/.test(page)) return 'result';
  return null;
}

/** The pop-up's heading for each kind. */
export const WORK_NOTICE_HEADINGS: Record<WorkNoticeKind, string> = { task: '新的待办', result: '审批结果' };

/** The bell's tabs: system messages (tasks and approval results) first, then the announcements. */
export type BellTab = 'sys' | 'annt';

const stamp = (n: BellNotice | undefined) => (n ? String(n.sendTime ?? n.createTime ?? '') : '');

/**
 * The tab the bell opens on: the one whose newest unread item is the newer (system messages on a tie or
 * when both are empty).
 */
export function newestTab(lists: NoticeLists): BellTab {
  const sys = lists.sysMsgList[0];
  const annt = lists.anntMsgList[0];
  if (!annt) return 'sys';
  if (!sys) return 'annt';
  return stamp(annt) > stamp(sys) ? 'annt' : 'sys';
}

/** Whether a dialog is open (a pop-up then waits, so it never covers the dialog's buttons). */
export function dialogOpen(): boolean {
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-wrap')).some(
    (el) => getComputedStyle(el).display !== 'none',
  );
}

/** The text of a message body (the workflow notices send one escaped paragraph). */
export function plainText(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
