import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { DEFAULT_SETTINGS, HOME_PATH, type MenuNode } from '@go/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { antdTheme } from '../antd-theme';
import { useSession } from '../session/store';
import { firstScreenStyle } from './extract';
import { installFirstScreenStyle } from './install';

// Every list the first screen asks for answers one row; the user's socket stays closed.
vi.mock('../http/client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../http/client')>();
  const page = async () => ({
    success: true,
    code: 200,
    message: '',
    timestamp: 0,
    result: { total: 1, records: [{ id: '1', title: '出差申请', processName: '出差', noticeTitle: '体检安排', createTime: '2026-11-24 09:00:00' }] },
  });
  // the typed client (api.ts) calls `request` itself
  return { ...real, getAction: vi.fn(page), postAction: vi.fn(page), request: vi.fn(page) };
});
vi.mock('../realtime', async (importOriginal) => ({ ...(await importOriginal<typeof import('../realtime')>()), useUserSocket: () => undefined }));

const { BasicLayout } = await import('../layout/BasicLayout');
const { PageLoading } = await import('../layout/RoutePage');

const meta = (title: string) => ({ keepAlive: false, internalOrExternal: false, title, componentName: title });
const MENU: MenuNode[] = [
  { id: '1', route: '1', path: HOME_PATH, name: 'zhome', component: 'dashboard/Analysis', meta: meta('首页') },
  {
    id: '2',
    route: '1',
    path: '/office',
    name: 'office',
    component: 'layouts/RouteView',
    meta: meta('办公'),
    children: [{ id: '3', route: '1', path: '/office/notes', name: 'notes', component: 'office/Notes', meta: meta('便签') }],
  },
];

/** The cache paths (token key, component, class prefixes) of the styles antd registered in `cache`. */
function registered(cache: ReturnType<typeof createCache>): string[] {
  return [...cache.cache.keys()].filter((k) => k.startsWith('style%')).map((k) => k.slice('style%'.length).replace(/%/g, '|'));
}

/** The cache paths the build-time sheet holds, from its cache-path map. */
function inSheet(css: string): Set<string> {
  const map = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/.exec(css);
  return new Set((map?.[1] ?? '').split(';').map((e) => e.slice(0, e.lastIndexOf(':'))));
}

describe('design-system styles of the first screen, built for the default theme', () => {
  afterEach(cleanup);

  it('cover every style the route guard, the main layout and the home page register at sign-in', async () => {
    // a desktop window: side menu and tab bar
    (window as unknown as { happyDOM: { setViewport(v: { width: number; height: number }): void } }).happyDOM.setViewport({ width: 1440, height: 900 });
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'lina', realname: '李娜' }, menu: MENU, permissionsLoaded: true });
    const cache = createCache();
    render(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={antdTheme(DEFAULT_SETTINGS.primaryColor, true)}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <MemoryRouter initialEntries={[HOME_PATH]}>
              <PageLoading />
              <BasicLayout />
            </MemoryRouter>
          </QueryClientProvider>
        </ConfigProvider>
      </StyleProvider>,
    );
    // the home page's code loads lazily, as in the browser
    const slow = { timeout: 15_000 };
    await screen.findByTestId('home-greeting', {}, slow);
    await screen.findByText('体检安排', {}, slow);
    expect(await screen.findAllByText('出差申请', {}, slow)).toHaveLength(2);

    const sheet = inSheet(firstScreenStyle());
    const paths = registered(cache);
    // the layout's menu, tab bar and breadcrumb and the home page's cards are all there
    for (const c of ['Layout-Layout', 'Menu-Menu', 'Tabs-Tabs', 'Breadcrumb-Breadcrumb', 'Card-Card', 'List-List', 'Statistic-Statistic'])
      expect(paths.some((p) => p.includes(`|${c}|`))).toBe(true);
    expect(paths.filter((p) => !sheet.has(p))).toEqual([]);
  });

  it('another primary colour has other token keys, so its styles are generated at run time', () => {
    const cache = createCache();
    render(
      <StyleProvider cache={cache}>
        <ConfigProvider theme={antdTheme('#722ED1', true)}>
          <PageLoading />
        </ConfigProvider>
      </StyleProvider>,
    );
    const sheet = inSheet(firstScreenStyle());
    expect([...sheet].some((p) => p.includes('|Spin-Spin|'))).toBe(true);
    expect(registered(cache).filter((p) => p.includes('|Spin-Spin|')).some((p) => sheet.has(p))).toBe(false);
  });
});

describe('installing the built sheet', () => {
  it('puts it first in the head, in antd components’ queue, once', () => {
    document.head.innerHTML = '<meta name="app">';
    expect(installFirstScreenStyle('.a{color:red}')).toBe(true);
    expect(installFirstScreenStyle('.a{color:red}')).toBe(false);
    const first = document.head.firstElementChild as HTMLStyleElement;
    expect(first.tagName).toBe('STYLE');
    expect(first.textContent).toBe('.a{color:red}');
    expect(first.getAttribute('data-rc-order')).toBe('prependQueue');
    expect(first.getAttribute('data-rc-priority')).toBe('-999');
    expect(document.head.querySelectorAll('style').length).toBe(1);
  });

  it('does nothing without a built sheet (development server, tests)', () => {
    document.head.innerHTML = '';
    expect(installFirstScreenStyle('')).toBe(false);
    expect(installFirstScreenStyle()).toBe(false);
    expect(document.head.children.length).toBe(0);
  });
});
