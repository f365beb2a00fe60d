import { Badge, TabBar } from 'antd-mobile';
import { AddSquareOutline, AppOutline, LeftOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTodoCount } from '../useTodoCount';

const TABS = [
  { key: '/h5', title: '首页', icon: <AppOutline /> },
  { key: '/h5/todo', title: '待办', icon: <UnorderedListOutline /> },
  { key: '/h5/apply', title: '申请', icon: <AddSquareOutline /> },
  { key: '/h5/me', title: '我的', icon: <UserOutline /> },
];

/** A phone page: the title bar (with back unless it is a tab page), the content and the bottom tabs. */
export function H5Page({
  title,
  back,
  children,
  footer,
  testId,
}: {
  title: string;
  /** where back goes; omitted on tab pages */
  back?: string;
  children: ReactNode;
  /** a fixed action bar above the tabs (task actions, form submit) */
  footer?: ReactNode;
  testId?: string;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const todo = useTodoCount();
  const active = TABS.find((t) => t.key === pathname)?.key ?? '';
  return (
    <div className={footer ? 'h5-page h5-with-footer' : 'h5-page'} data-testid={testId}>
      {/* the title bar (antd-mobile's NavBar wraps its left slot in a role=button, around our own button) */}
      <header className="h5-navbar">
        <div className="h5-navbar-side">
          {back ? (
            <button type="button" className="h5-back" aria-label="返回" data-testid="h5-back" onClick={() => navigate(back)}>
              <LeftOutline aria-hidden />
              返回
            </button>
          ) : null}
        </div>
        <h1 className="h5-title">{title}</h1>
        <div className="h5-navbar-side" />
      </header>
      <main className="h5-content">{children}</main>
      {footer && <div className="h5-footer">{footer}</div>}
      <nav className="h5-tabbar" aria-label="主导航">
        <TabBar activeKey={active} onChange={(k) => navigate(k)} safeArea>
          {TABS.map((t) => (
            <TabBar.Item
              key={t.key}
              title={t.title}
              icon={
                t.key === '/h5/todo' && todo.data ? (
                  <Badge content={todo.data > 99 ? '99+' : todo.data}>{t.icon}</Badge>
                ) : (
                  t.icon
                )
              }
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
