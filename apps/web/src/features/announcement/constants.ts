/** Notice priorities L/M/H with the bell's tag text and colour (docs/realtime-and-jobs.md, 1–3: header, reference HeaderNotice). */
export const PRIORITY_TAGS: Record<string, { text: string; color: string }> = {
  L: { text: '一般', color: 'blue' },
  M: { text: '重要', color: 'orange' },
  H: { text: '紧急', color: 'red' },
};

export const PRIORITY_OPTIONS = [
  { value: 'L', text: '一般' },
  { value: 'M', text: '重要' },
  { value: 'H', text: '紧急' },
];

export const CATEGORY_OPTIONS = [
  { value: '1', text: '通知公告' },
  { value: '2', text: '系统消息' },
];

export const MSG_TYPE_OPTIONS = [
  { value: 'ALL', text: '全体用户' },
  { value: 'USER', text: '指定用户' },
];

export const SEND_STATUS_OPTIONS = [
  { value: '0', text: '未发布', color: 'default' },
  { value: '1', text: '已发布', color: 'green' },
  { value: '2', text: '已撤销', color: 'red' },
];

/** The bell's popover width (docs/realtime-and-jobs.md, 1–3). */
export const BELL_WIDTH = 300;
/** Where 查看更多 goes. */
export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';
/** Where the ticker's dots go. */
export const NOTICE_PATH = '/notice';
/** The bell shows this many of each kind. */
export const BELL_PAGE_SIZE = 10;
/** Ticker: the 10 newest news items, sliding in over 300 px, each shown length/3 seconds (docs/realtime-and-jobs.md, 1–3). */
export const TICKER_COUNT = 10;
export const TICKER_SLIDE_PX = 300;
/**
 * Notice polling (the stock product polls every 15 min in one place and every 6 s in another): the socket pushes changes at
 * once, so the bell re-polls on the long interval as a safety net; the ticker too.
 */
export const NOTICE_POLL_MS = 900_000;
