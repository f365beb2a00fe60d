import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { HOME_PATH, PLATFORM_NAME, SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@go/contract';
import { Breadcrumb, Drawer, Layout, Menu } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { buildPageRoutes, type PageRoute } from '../router/menu-routes';
import { STATIC_LAYOUT_ROUTES } from '../router/static-routes';
import { useSession } from '../session/store';
import { settingsDrawerAvailable } from '../settings/preview';
import { useSettings } from '../settings/store';
import { resolveTabId, useTabs } from '../tabs/store';
import { ContentHost } from './ContentHost';
import HeaderNotice from './HeaderNotice';
import HeaderTicker from './HeaderTicker';
import { menuHasPath, openKeysFor, TODO_PATH, toMenuItems } from './menu-items';
import { TabBar } from './TabBar';
import { useIsMobile } from './useDevice';
import { UserMenu } from './UserMenu';
import './layout.css';
import { FirstPasswordChange } from './FirstPasswordChange';
import { HeaderTodo } from './HeaderTodo';
import { useTodoCount } from './useTodoCount';

const { Header, Sider, Content } = Layout;

// The settings drawer loads when it is first opened, not with the first screen.
const SettingDrawer = lazy(() => import('./SettingDrawer').then((m) => ({ default: m.SettingDrawer })));

function matchRoute(routes: PageRoute[], pathname: string): PageRoute | undefined {
  const exact = routes.find((r) => r.path === pathname);
  if (exact) return exact;
  return routes.find((r) => {
    if (!r.path.includes(':')) return false;
    const re = new RegExp('^' + r.path.replace(/:[^/]+/g, '[^/]+') + '/?$');
    return re.test(pathname);
  });
}

/** The main layout: side menu (or top menu), header, tab bar, breadcrumb and the kept-alive content. */
export function BasicLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const menu = useSession((s) => s.menu);
  const settings = useSettings();
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const [headerHidden, setHeaderHidden] = useState(false);
  const multipage = settings.multipage && !isMobile;

  const pageRoutes = useMemo(() => {
    const fromMenu = buildPageRoutes(menu);
    const extra = STATIC_LAYOUT_ROUTES.filter((s) => !fromMenu.some((r) => r.path === s.path)).map<PageRoute>((s) => ({
      path: s.path,
      name: s.path,
      title: s.title,
      component: s.component,
      keepAlive: !!s.keepAlive,
      componentName: s.component.split('/').pop() ?? '',
      internalOrExternal: false,
      hidden: true,
      parents: [],
    }));
    return [...fromMenu, ...extra];
  }, [menu]);

  const fullPath = location.pathname + location.search;
  const current = matchRoute(pageRoutes, location.pathname);
  const title = current?.title ?? '';
  const keepAlive = !!current?.keepAlive;

  // Tabs follow the route.
  useEffect(() => {
    if (!current) return;
    useTabs.getState().visit({ pathname: location.pathname, fullPath, title: current.title, keepAlive }, multipage);
  }, [fullPath, location.pathname, current, keepAlive, multipage]);

  // Browser title: "platform · page", only the platform on home.
  useEffect(() => {
    document.title = location.pathname === HOME_PATH || !title ? PLATFORM_NAME : `${PLATFORM_NAME} · ${title}`;
  }, [location.pathname, title]);

  // Kept-alive pages remember the location they were last shown with.
  const tabs = useTabs((s) => s.tabs);
  const activeId = useTabs((s) => s.activeId);
  const saved = useRef(new Map<string, Location>());
  const currentId = resolveTabId(tabs, activeId, location.pathname, fullPath);
  if (keepAlive) saved.current.set(currentId, location);
  for (const id of [...saved.current.keys()]) if (id !== currentId && !tabs.some((t) => t.id === id)) saved.current.delete(id);

  // Close the drawer after navigating; hide the header on scroll down when configured.
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  useEffect(() => {
    if (!settings.fixedHeader || !settings.autoHideHeader) {
      setHeaderHidden(false);
      return;
    }
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHeaderHidden(y > 100 && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [settings.fixedHeader, settings.autoHideHeader]);

  useEffect(() => {
    document.body.classList.toggle('colorWeak', settings.colorWeak);
  }, [settings.colorWeak]);

  const hasTodo = useMemo(() => menuHasPath(menu, TODO_PATH), [menu]);
  const todoCount = useTodoCount(hasTodo, fullPath);
  const [openKeys, setOpenKeys] = useState<string[]>(() => openKeysFor(menu, location.pathname));
  const items = useMemo(
    () => toMenuItems(menu, { todoCount, openKeys, collapsed: collapsed && !isMobile }),
    [menu, todoCount, openKeys, collapsed, isMobile],
  );
  useEffect(() => {
    const keys = openKeysFor(menu, location.pathname);
    if (keys.length) setOpenKeys((prev) => Array.from(new Set([...prev, ...keys])));
  }, [menu, location.pathname]);

  const onMenuClick = ({ key }: { key: string }) => {
    const r = pageRoutes.find((x) => x.path === key);
    if (r?.internalOrExternal && r.url) {
      window.open(r.url, '_blank', 'noopener');
      return;
    }
    navigate(key);
  };

  const topMode = settings.layout === 'topmenu' && !isMobile;
  const dark = settings.navTheme === 'dark';
  const menuEl = (mode: 'inline' | 'horizontal') => (
    <Menu
      mode={mode}
      theme={mode === 'horizontal' ? (dark ? 'dark' : 'light') : settings.navTheme}
      items={items}
      selectedKeys={[location.pathname]}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onMenuClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent' } : { borderInlineEnd: 0 }}
      data-testid={mode === 'horizontal' ? 'top-menu' : 'side-menu'}
    />
  );
  const logo = (
    <Link to={HOME_PATH} className={`app-logo ${dark ? 'app-logo-dark' : ''}`}>
      <span className="app-logo-mark" style={{ background: settings.primaryColor }}>
        集
      </span>
      {(!collapsed || isMobile || topMode) && <span className="app-logo-title">{PLATFORM_NAME}</span>}
    </Link>
  );

  const breadcrumb = [
    { title: <Link to={HOME_PATH}>首页</Link> },
    ...(location.pathname === HOME_PATH ? [] : [...(current?.parents ?? []).map((p) => ({ title: p.title })), ...(title ? [{ title }] : [])]),
  ];

  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;
  const fixedSider = settings.fixSiderbar && !topMode && !isMobile;
  const header = (
    <Header
      className={`app-header ${topMode && dark ? 'app-header-dark' : ''}`}
      style={{
        position: settings.fixedHeader ? 'sticky' : 'relative',
        top: 0,
        zIndex: 20,
        transform: headerHidden ? 'translateY(-100%)' : undefined,
        transition: 'transform .2s',
      }}
      data-testid="app-header"
    >
      {topMode ? (
        logo
      ) : (
        <span
          className="app-header-action app-trigger"
          role="button"
          aria-label="菜单"
          data-testid="menu-trigger"
          onClick={() => (isMobile ? setDrawerOpen(true) : setCollapsed(!collapsed))}
        >
          {isMobile || collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        </span>
      )}
      {topMode ? menuEl('horizontal') : <div className="app-header-spacer">
          <HeaderTicker compact={isMobile} />
        </div>}
      <div className="app-header-right">
        {topMode && !isMobile && <HeaderTicker />}
        {hasTodo && <HeaderTodo count={todoCount} />}
        <HeaderNotice />
        <UserMenu onOpenSettings={settingsDrawerAvailable() ? () => setSettingsOpen(true) : undefined} compact={isMobile} />
      </div>
    </Header>
  );

  return (
    <Layout style={{ minHeight: '100vh' }} className={`app-layout ${isMobile ? 'app-mobile' : ''}`}>
      {!topMode && !isMobile && (
        <Sider
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={collapsed}
          theme={settings.navTheme}
          className="app-sider"
          style={fixedSider ? { position: 'fixed', left: 0, top: 0, bottom: 0, overflow: 'auto', zIndex: 30 } : undefined}
          data-testid="app-sider"
        >
          {logo}
          {menuEl('inline')}
        </Sider>
      )}
      {isMobile && (
        <Drawer
          placement="left"
          width={SIDEBAR_WIDTH}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          closable={false}
          styles={{ body: { padding: 0, background: dark ? '#001529' : '#fff' } }}
          rootClassName="app-menu-drawer"
        >
          {logo}
          {menuEl('inline')}
        </Drawer>
      )}
      <Layout style={fixedSider ? { marginLeft: siderWidth, transition: 'margin .2s' } : undefined}>
        {header}
        {multipage && <TabBar />}
        <Content className="app-content">
          <div
            className="app-content-inner"
            style={topMode && settings.contentWidth === 'Fixed' ? { maxWidth: 1200, margin: '0 auto' } : undefined}
          >
            <Breadcrumb items={breadcrumb} className="app-breadcrumb" data-testid="breadcrumb" />
            <ContentHost pageRoutes={pageRoutes} location={location} currentKeepAlive={keepAlive} savedLocations={saved.current} />
          </div>
        </Content>
      </Layout>
      {settingsUsed && (
        <Suspense fallback={null}>
          <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <FirstPasswordChange />
    </Layout>
  );
}
