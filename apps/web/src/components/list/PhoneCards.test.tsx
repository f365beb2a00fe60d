import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './ListPage';
import type { ListColumn } from './types';

configure({ asyncUtilTimeout: 5000 });

const http = vi.hoisted(() => ({
  getAction: vi.fn(),
  postAction: vi.fn(),
  putAction: vi.fn(),
  deleteAction: vi.fn(),
  downloadFile: vi.fn(),
  uploadAction: vi.fn(),
  apiUrl: (u: string) => `/jeecg-boot${u}`,
}));
vi.mock('../../app/http/client', async (orig) => ({ ...(await orig<object>()), ...http }));
vi.mock('./auth', () => ({
  Auth: ({ children }: { children: ReactNode }) => <>{children}</>,
  useAuth: () => ({ has: () => true }),
}));

/** A window `width` px wide for antd's breakpoint queries. */
function viewport(width: number) {
  const matches = (q: string) => {
    const min = /min-width:\s*(\d+)/.exec(q);
    const max = /max-width:\s*([\d.]+)/.exec(q);
    return (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
  };
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: matches(query),
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

const columns: ListColumn[] = [
  { title: '用户账号', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'realname' },
  { title: '状态', dataIndex: 'status', options: [{ value: '1', text: '正常', color: 'green' }, { value: '2', text: '冻结', color: 'red' }] },
  { title: '手机号', dataIndex: 'phone' },
];

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/isystem/user']}>
        <AntApp>{ui}</AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  http.getAction.mockReset();
  http.getAction.mockResolvedValue({
    success: true,
    code: 200,
    message: '',
    result: { records: [{ id: '1', username: 'dongjian', realname: '董建', status: '2', phone: '13800000000' }], total: 1 },
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ListPage on phones', () => {
  it('below the mobile breakpoint shows each row as a card: title, status, fields, actions, selection', async () => {
    viewport(390);
    const onSelect = vi.fn();
    wrap(
      <ListPage
        columns={columns}
        url={{ list: '/sys/user/list', delete: '/sys/user/delete' }}
        rowActions={() => <a>编辑用户</a>}
        onSelectionChange={onSelect}
      />,
    );
    const card = await screen.findByTestId('phone-card');
    expect(document.querySelector('.ant-table')).toBeNull();
    const c = within(card);
    expect(c.getByText('dongjian')).toBeTruthy();
    expect(c.getByText('冻结')).toBeTruthy();
    expect(c.getByText('董建')).toBeTruthy();
    expect(c.getByText('13800000000')).toBeTruthy();
    expect(c.getByText('编辑用户')).toBeTruthy();
    fireEvent.click(c.getByLabelText('选择'));
    expect(onSelect).toHaveBeenLastCalledWith(['1'], [expect.objectContaining({ id: '1' })]);
  });

  it('on a desktop keeps the table', async () => {
    viewport(1440);
    wrap(<ListPage columns={columns} url={{ list: '/sys/user/list' }} />);
    expect(await screen.findByText('董建')).toBeTruthy();
    expect(document.querySelector('.ant-table')).not.toBeNull();
    expect(screen.queryByTestId('phone-card')).toBeNull();
  });

  it('a page may lay out its own cards; the list adds the actions, the row class and a disabled selection', async () => {
    viewport(390);
    wrap(
      <ListPage
        columns={columns}
        url={{ list: '/sys/user/list' }}
        rowActions={() => <a>处理</a>}
        rowClassName={() => 'row-off'}
        rowSelectable={() => ({ disabled: true })}
        phoneCard={(r, { cell }) => ({
          testId: 'user-card',
          title: `账号 ${String(r.username)}`,
          status: cell('status'),
          fields: [{ key: 'p', label: '电话', value: cell('phone') }],
        })}
      />,
    );
    const card = await screen.findByTestId('user-card');
    const c = within(card);
    expect(c.getByText('账号 dongjian')).toBeTruthy();
    expect(c.getByText('冻结')).toBeTruthy();
    expect(c.getByText('电话')).toBeTruthy();
    expect(c.queryByText('董建')).toBeNull();
    expect(c.getByText('处理')).toBeTruthy();
    expect(card.className).toContain('row-off');
    expect((c.getByLabelText('选择') as HTMLInputElement).disabled).toBe(true);
  });
});
