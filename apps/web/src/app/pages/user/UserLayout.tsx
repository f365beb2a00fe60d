import { PLATFORM_NAME } from '@go/contract';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import './user-layout.css';

const TITLES: Record<string, string> = {
  '/user/login': '登录',
  '/user/register': '注册',
  '/user/register-result': '注册结果',
  '/user/alteration': '找回密码',
};

/** Login / register layout: product title, welcome line, copyright and filing footer. */
export default function UserLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    const t = TITLES[pathname];
    document.title = t ? `${PLATFORM_NAME} · ${t}` : PLATFORM_NAME;
  }, [pathname]);
  return (
    <div className={`user-layout ${pathname === '/user/register' ? 'user-layout-register' : ''}`} data-testid="user-layout">
      <div className="user-layout-top">
        <div className="user-layout-header">
          <span className="app-logo-mark user-layout-logo">集</span>
          <span className="user-layout-title">{PLATFORM_NAME}</span>
        </div>
        <div className="user-layout-desc">欢迎使用集团办公与人事后台 · 审批、人事、采购与公告，一站协同</div>
      </div>
      <div className="user-layout-main">
        <Outlet />
      </div>
      <footer className="user-layout-footer">
        <div>Copyright &copy; {new Date().getFullYear()} {PLATFORM_NAME}</div>
        <div className="user-layout-filing">备案号：京ICP备00000000号</div>
      </footer>
    </div>
  );
}
