import { HOME_PATH } from '@go/contract';

/**
 * Pages inside the main layout that exist without a menu entry (docs/widgets.md, "The shell": static routes). A server menu
 * with the same path wins. Shared registry: features add a line here for their fixed paths.
 */
export const STATIC_LAYOUT_ROUTES: { path: string; title: string; component: string; keepAlive?: boolean }[] = [
  { path: HOME_PATH, title: '首页', component: 'dashboard/Analysis' },
  { path: '/activiti/todoManage', title: '待办管理', component: 'workflow/TodoManage', keepAlive: true },
  { path: '/isps/userAnnouncement', title: '我的消息', component: 'announcement/UserAnnouncementList' },
  { path: '/notice', title: '通知公告', component: 'announcement/NoticeList' },
  { path: '/test/home', title: '测试页', component: 'examples/TestHome' },
];

/** Public pages outside the layout (docs/widgets.md, "The shell": whitelist), by component string. */
export const STATIC_PUBLIC_ROUTES: { path: string; title: string; component: string }[] = [
  { path: '/registration', title: '应聘登记', component: 'registration/Registration' },
  { path: '/endRegis', title: '登记完成', component: 'registration/EndRegis' },
  { path: '/summarize', title: '登记汇总', component: 'registration/Summarize' },
  { path: '/mbtiTest', title: '性格测试', component: 'registration/MbtiTest' },
  { path: '/sso/callback', title: '单点登录', component: 'account/SsoCallback' },
  { path: '/oauth2-app/login', title: '企业应用登录', component: 'account/OAuth2AppLogin' },
];

/** Paths that need no login (docs/widgets.md, "The shell": route guard). */
export const WHITE_LIST = [
  '/user/login',
  '/user/register',
  '/user/register-result',
  '/user/alteration',
  '/registration',
  '/summarize',
  '/mbtiTest',
  '/endRegis',
  '/oauth2-app/login',
  '/sso/callback',
  '/h5/login',
];
