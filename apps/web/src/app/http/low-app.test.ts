import type { MenuNode } from '@go/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { getAction } from './client';
import { LOW_APP_HEADER, lowAppId } from './low-app';

const meta = { keepAlive: false, internalOrExternal: false, title: '应用', componentName: '' };
const MENU: MenuNode[] = [
  { id: '1', route: '1', path: '/zhome', name: 'zhome', component: 'dashboard/Analysis', meta },
  {
    id: '2',
    route: '1',
    path: '/app',
    name: 'app',
    component: 'layouts/RouteView',
    meta,
    children: [
      { id: '3', route: '1', path: '/app/:appId/list/:code', name: 'low-app-list', component: 'online/FormAutoList', meta },
      { id: '4', route: '1', path: '/other/:appId', name: 'other-page', component: 'online/FormAutoList', meta },
    ],
  },
];

describe('X-Low-App-ID on low-app routes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
    useSession.setState({ menu: [] });
  });

  it('names the application of a route whose name starts with low-app and whose path has :appId', () => {
    expect(lowAppId('/app/a1b2/list/c9', MENU)).toBe('a1b2');
    expect(lowAppId('/app/%E5%BA%94%E7%94%A8/list/c9/', MENU)).toBe('%E5%BA%94%E7%94%A8');
    expect(lowAppId('/other/a1b2', MENU)).toBeNull();
    expect(lowAppId('/zhome', MENU)).toBeNull();
    expect(lowAppId('/app/a1b2', MENU)).toBeNull();
  });

  it('the client sends the header on a low-app page only', async () => {
    const headers: Record<string, string>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        headers.push(init.headers as Record<string, string>);
        return new Response(JSON.stringify({ success: true, code: 200, message: '', result: null }), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    useSession.setState({ token: 'tok', menu: MENU });
    window.history.replaceState(null, '', '/app/a1b2/list/c9');
    await getAction('/online/cgform/api/getColumns/c9');
    window.history.replaceState(null, '', '/zhome');
    await getAction('/sys/user/list');
    expect(headers[0]![LOW_APP_HEADER]).toBe('a1b2');
    expect(headers[1]![LOW_APP_HEADER]).toBeUndefined();
  });
});
