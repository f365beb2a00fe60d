import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CategoryList from './CategoryList';
import DataSourceList from './DataSourceList';
import DepartList from './DepartList';
import DictList from './DictList';
import GatewayRouteList from './GatewayRouteList';
import LogList from './LogList';
import PermissionList from './PermissionList';
import PositionList from './PositionList';
import RoleList from './RoleList';
import TenantList from './TenantList';
import UserList from './UserList';

// The 2-core CI machine runs many suites at once: give async queries room.
configure({ asyncUtilTimeout: 5000 });

const http = vi.hoisted(() => ({
  getAction: vi.fn(),
  postAction: vi.fn(),
  putAction: vi.fn(),
  deleteAction: vi.fn(),
  downloadFile: vi.fn(),
  uploadAction: vi.fn(),
  apiUrl: (u: string) => u,
}));
vi.mock('../../../app/http/client', async (orig) => ({ ...(await orig<object>()), ...http }));
vi.mock('../../../components/list/auth', () => ({
  Auth: ({ children }: { children: ReactNode }) => <>{children}</>,
  useAuth: () => ({ has: () => true }),
}));
vi.mock('../../../app/session/actions', () => ({ refreshDictCache: vi.fn(async () => true) }));

const rows: Record<string, Record<string, unknown>[]> = {
  '/sys/user/list': [{ id: 'u1', username: 'lina', realname: '李娜', status: '1', status_dictText: '正常' }],
  '/sys/role/list': [{ id: 'r1', roleName: 'HR', roleCode: 'hr' }],
  '/sys/position/list': [{ id: 'p1', code: 'zy', name: '专员' }],
  '/sys/log/list': [{ id: 'l1', logContent: '用户名: admin,登录成功!' }],
  '/sys/dict/list': [{ id: 'd1', dictName: '性别', dictCode: 'sex' }],
};

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/isystem/x']}>
        <AntApp>{ui}</AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  http.getAction.mockImplementation(async (url: string) => {
    if (url === '/sys/permission/list') return { success: true, code: 200, message: '', result: [{ id: 'm1', name: '系统管理', menuType: 0 }] };
    if (url === '/sys/sysDepart/queryTreeList')
      return { success: true, code: 200, message: '', result: [{ id: 'd1', departName: '华远集团总部', orgCode: 'A01', orgCategory: '1' }] };
    return { success: true, code: 200, message: '', result: { records: rows[url] ?? [], total: (rows[url] ?? []).length } };
  });
});
afterEach(() => cleanup());

const pages: [string, ComponentType, string][] = [
  ['system/UserList', UserList, '李娜'],
  ['system/RoleList', RoleList, 'HR'],
  ['system/PermissionList', PermissionList, '系统管理'],
  ['system/DepartList', DepartList, '华远集团总部'],
  ['system/DictList', DictList, '性别'],
  ['system/CategoryList', CategoryList, '分类名称'],
  ['system/PositionList', PositionList, '专员'],
  ['system/TenantList', TenantList, '租户名称'],
  ['system/LogList', LogList, '用户名: admin,登录成功!'],
  ['system/GatewayRouteList', GatewayRouteList, '路由ID'],
  ['system/DataSourceList', DataSourceList, '数据源编码'],
];

describe('system pages', () => {
  it.each(pages)('%s renders its list', async (_name, Page, text) => {
    wrap(<Page />);
    expect((await screen.findAllByText(text)).length).toBeGreaterThan(0);
  });

  it('user form validates with the shared rules and the password confirmation text', async () => {
    wrap(<UserList />);
    await screen.findByText('李娜');
    fireEvent.click(screen.getByTestId('list-add'));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByLabelText('用户账号'), { target: { value: 'a-b' } });
    fireEvent.change(dialog.getByLabelText('登录密码'), { target: { value: 'x1' } });
    fireEvent.change(dialog.getByLabelText('确认密码'), { target: { value: 'x2' } });
    fireEvent.change(dialog.getByLabelText('手机号码'), { target: { value: '123' } });
    fireEvent.click(dialog.getByRole('button', { name: /确\s*定|OK/ }));
    for (const text of ['只允许字母、数字、下划线', '两次输入的密码不一样！', '请输入正确手机号']) {
      expect((await dialog.findAllByText(text, undefined, { timeout: 5000 })).length).toBeGreaterThan(0);
    }
    await waitFor(() => expect(http.postAction).not.toHaveBeenCalled());
  });

  it('dictionary cache refresh says 刷新缓存完成！', async () => {
    wrap(<DictList />);
    await screen.findByText('性别');
    fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ }));
    expect(await screen.findByText('刷新缓存完成！')).toBeTruthy();
  });
});
