import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ListPage } from './ListPage';
import type { ListColumn } from './types';

// The 2-core CI machine runs many suites at once: give async queries room.
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

let lastLocation = '';
function LocationSpy() {
  const loc = useLocation();
  lastLocation = loc.search;
  return null;
}

function wrap(ui: ReactNode, path = '/isystem/user') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={[path]}>
        <AntApp>
          {ui}
          <LocationSpy />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const columns: ListColumn[] = [
  { title: '用户账号', dataIndex: 'username', search: 'like', sorter: true },
  { title: '用户姓名', dataIndex: 'realname' },
  { title: '状态', dataIndex: 'status', options: [{ value: '1', text: '正常' }, { value: '2', text: '冻结' }] },
];

const page = (records: Record<string, unknown>[]) => ({ success: true, code: 200, message: '', result: { records, total: records.length } });

beforeEach(() => {
  Object.values(http).forEach((f) => typeof f === 'function' && 'mockReset' in f && f.mockReset());
});
afterEach(() => cleanup());

// antd tables and dialogs render slowly in happy-dom on a busy machine: a generous per-test limit.
describe('ListPage', { timeout: 60_000 }, () => {
  it('loads rows with encoded search params from the URL and renders enums', async () => {
    http.getAction.mockResolvedValue(page([{ id: '1', username: 'admin', realname: '管理员', status: '2' }]));
    wrap(<ListPage columns={columns} url={{ list: '/sys/user/list' }} />, '/isystem/user?username=adm&pageSize=20');
    expect(await screen.findByText('管理员')).toBeTruthy();
    expect(screen.getByText('冻结')).toBeTruthy();
    expect(http.getAction).toHaveBeenCalledWith(
      '/sys/user/list',
      expect.objectContaining({ username: '*adm*', pageNo: 1, pageSize: 20, column: 'createTime', order: 'desc' }),
    );
  });

  it('search writes the filter to the URL; reset clears it', async () => {
    http.getAction.mockResolvedValue(page([]));
    wrap(<ListPage columns={columns} url={{ list: '/sys/user/list' }} />);
    fireEvent.change(screen.getByPlaceholderText('请输入用户账号'), { target: { value: 'wang' } });
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(lastLocation).toContain('username=wang'));
    await waitFor(() =>
      expect(http.getAction).toHaveBeenLastCalledWith('/sys/user/list', expect.objectContaining({ username: '*wang*' })),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastLocation).toBe(''));
  });

  it('batch delete needs a row, then confirms with the count and sends the ids', async () => {
    http.getAction.mockResolvedValue(page([{ id: 'a', username: 'u1' }, { id: 'b', username: 'u2' }]));
    http.deleteAction.mockResolvedValue({ success: true, code: 200, message: '删除成功', result: null });
    wrap(<ListPage columns={columns} url={{ list: '/l', deleteBatch: '/d' }} />);
    await screen.findByText('u1');
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(http.deleteAction).toHaveBeenCalledWith('/d', { ids: 'a,b' }));
  });

  it('names missing list URLs as a configuration error', async () => {
    wrap(<ListPage columns={columns} url={{}} />);
    expect(await screen.findByText('please set url.list attribute')).toBeTruthy();
  });

  it('tree mode loads children by parent id and reports an unknown format', async () => {
    http.getAction.mockImplementation(async (_u: string, p: Record<string, unknown>) => {
      if (p.parentId === 'p1') return { success: true, code: 200, message: '', result: [{ id: 'c1', username: 'child' }] };
      if (p.parentId === 'p2') return { success: true, code: 200, message: '', result: 'oops' };
      return page([
        { id: 'p1', username: 'root1', hasChildren: '1' },
        { id: 'p2', username: 'root2', hasChildren: true },
      ]);
    });
    const { container } = wrap(<ListPage columns={columns} url={{ list: '/tree' }} tree={{}} />);
    await screen.findByText('root1');
    const expanders = container.querySelectorAll('.ant-table-row-expand-icon');
    expect(expanders.length).toBe(2);
    await act(async () => fireEvent.click(expanders[0]));
    expect(await screen.findByText('child')).toBeTruthy();
    expect(http.getAction).toHaveBeenCalledWith('/tree', { parentId: 'p1' });
    await act(async () => fireEvent.click(container.querySelector('tr[data-row-key="p2"] .ant-table-row-expand-icon') as Element));
    expect(await screen.findByText('返回数据类型不识别')).toBeTruthy();
  });

  it('exports the filtered rows plus the selection under the given name', async () => {
    http.getAction.mockResolvedValue(page([{ id: 'a', username: 'u1' }]));
    http.downloadFile.mockResolvedValue(undefined);
    wrap(<ListPage columns={columns} url={{ list: '/l', exportXls: '/x' }} exportName="用户信息" />, '/p?username=u');
    await screen.findByText('u1');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() =>
      expect(http.downloadFile).toHaveBeenCalledWith('/x', '用户信息', expect.objectContaining({ username: '*u*', selections: 'a' })),
    );
    const params = http.downloadFile.mock.calls[0][2];
    expect(params).not.toHaveProperty('pageNo');
  });

  it('import: upload disabled while empty; code 201 warns with a download link; list reloads', async () => {
    http.getAction.mockResolvedValue(page([]));
    http.uploadAction.mockResolvedValue({
      success: true,
      code: 201,
      message: '文件导入成功，但有错误。',
      result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', fileUrl: '/sys/common/static/err.txt', fileName: 'err.txt' },
    });
    const { container } = wrap(<ListPage columns={columns} url={{ list: '/l', importExcel: '/i' }} />);
    await waitFor(() => expect(http.getAction).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    expect(await screen.findByText('导入EXCEL')).toBeTruthy();
    const start = screen.getByRole('button', { name: /开始上传/ });
    expect((start as HTMLButtonElement).disabled).toBe(true);
    const input = document.body.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.accept).toBe('.xls,.xlsx');
    expect(input.multiple).toBe(true);
    const file = new File(['x'], 'users.xlsx');
    await act(async () => fireEvent.change(input, { target: { files: [file] } }));
    await waitFor(() => expect((screen.getByRole('button', { name: /开始上传/ }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: /开始上传/ }));
    expect((await screen.findAllByText('导入成功,但是有错误数据!')).length).toBeGreaterThan(0);
    const link = screen.getByText('点击下载') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/jeecg-boot/sys/common/static/err.txt');
    await waitFor(() => expect(http.getAction).toHaveBeenCalledTimes(2));
    expect(container).toBeTruthy();
  });

  it('a page loader gets the raw search values and page; index column, row classes and checkbox names', async () => {
    const load = vi.fn(async () => ({
      success: true,
      code: 200,
      message: '',
      result: { records: [{ id: 'a', username: 'u1' }, { id: 'b', username: 'u2', off: true }], total: 12 },
      timestamp: 0,
    }));
    const cols: ListColumn[] = [
      { title: '名称', dataIndex: 'name', hideInTable: true, search: 'eq', searchTestId: 'name-search' },
      { title: '历史版本', dataIndex: 'all', hideInTable: true, search: 'eq', type: 'boolean' },
      { title: '用户账号', dataIndex: 'username' },
    ];
    const { container } = wrap(
      <ListPage
        columns={cols}
        url={{}}
        load={load}
        showIndex
        searchFieldsShown={4}
        superQuery={false}
        rowClassName={(r) => (r.off ? 'row-off' : '')}
        rowSelectable={(r) => ({ disabled: !!r.off, label: `选择：${String(r.username)}` })}
      />,
      '/wf/todo?name=报销&pageNo=2',
    );
    await screen.findByText('u1');
    expect(screen.queryByText('please set url.list attribute')).toBeNull();
    expect(load).toHaveBeenCalledWith(
      expect.objectContaining({ pageNo: 2, pageSize: 10, filters: { name: '报销' } }),
    );
    expect((screen.getByTestId('name-search') as HTMLInputElement).value).toBe('报销');
    // rows are numbered across pages
    expect(screen.getByText('11')).toBeTruthy();
    expect(screen.getByText('12')).toBeTruthy();
    expect(container.querySelector('tr[data-row-key="b"]')!.className).toContain('row-off');
    expect((screen.getByLabelText('选择：u2') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText('选择：u1') as HTMLInputElement).disabled).toBe(false);
    // a checkbox search field sends 1 when ticked
    fireEvent.click(screen.getByRole('checkbox', { name: '历史版本' }));
    fireEvent.click(screen.getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(lastLocation).toContain('all=1'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, filters: { name: '报销', all: '1' } })),
    );
  });
});
