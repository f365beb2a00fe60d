import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import TodoManage from './TodoManage';

const http = vi.hoisted(() => ({
  getAction: vi.fn(),
  postAction: vi.fn(),
  putAction: vi.fn(),
  deleteAction: vi.fn(),
  downloadFile: vi.fn(),
  uploadAction: vi.fn(),
  apiUrl: (u: string) => `/jeecg-boot${u}`,
}));
vi.mock('../../../app/http/client', () => http);
vi.mock('../../../app/auth', () => ({
  Auth: ({ children }: { children: ReactNode }) => <>{children}</>,
  useAuth: () => ({ has: () => true, disabled: () => false }),
}));

configure({ asyncUtilTimeout: 10_000 });

const task = (over: Record<string, unknown>) => ({
  id: 't1',
  procInstId: 'p1',
  procDefId: 'expense:1',
  key: 'deptApprove',
  name: '部门负责人审批',
  processName: '费用报销',
  applyer: '董建',
  priority: 0,
  isSuspended: false,
  createTime: '2026-11-21 10:00:00',
  tableId: 'f1',
  routeName: 'forms/ExpenseForm',
  tableName: 'fm_expense',
  assignees: [],
  ...over,
});
const rows = [
  task({}),
  task({ id: 't2', procInstId: 'p2', priority: 2, name: '财务审核' }),
  task({ id: 't3', procInstId: '', priority: 1, isSuspended: true, processName: '绩效考评', name: 'HR评分' }),
];
const ok = (result: unknown, message = '操作成功') => ({
  success: true,
  code: 200,
  message,
  result,
  timestamp: 0,
});

function wrap(ui: ReactNode) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={['/activiti/todoManage']}>
        <AntApp>{ui}</AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  Object.values(http).forEach((f) => typeof f === 'function' && 'mockReset' in f && f.mockReset());
  http.postAction.mockImplementation(async (url: string) => {
    if (url === '/actTask/todoList') return ok({ records: rows, total: rows.length });
    return ok(null);
  });
});
afterEach(() => cleanup());

// antd tables and dialogs render slowly in happy-dom on a busy 2-core machine: generous per-test limit.
describe('TodoManage', { timeout: 60_000 }, () => {
  it('lists tasks with priority and status; a suspended task is greyed out with its actions disabled', async () => {
    wrap(<TodoManage />);
    expect(await screen.findByText('紧急')).toBeTruthy();
    expect(screen.getByText('普通')).toBeTruthy();
    expect(screen.getByText('重要')).toBeTruthy();
    expect(screen.getAllByText('激活')).toHaveLength(2);
    expect(screen.getByText('挂起')).toBeTruthy();
    expect(http.postAction).toHaveBeenCalledWith('/actTask/todoList', {
      name: undefined,
      pageIndex: 1,
      pageSize: 10,
    });
    const suspended = screen.getByText('HR评分').closest('tr')!;
    expect(suspended.className).toContain('wf-row-suspended');
    expect(within(suspended).queryByTestId('todo-pass')).toBeNull();
    expect(within(suspended).getByText('通过').className).toContain('wf-link-disabled');
  });

  it('warns when batch approve or reject has nothing selected', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    fireEvent.click(screen.getByTestId('batch-pass'));
    expect(await screen.findByText('您还未选择要通过的数据')).toBeTruthy();
    fireEvent.click(screen.getByTestId('batch-back'));
    expect(await screen.findByText('您还未选择要驳回的数据')).toBeTruthy();
  });

  it('batch approve confirms with the warning of docs/workflow.md and sends the selected task ids', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    fireEvent.click(screen.getByTestId('batch-pass'));
    expect(
      await screen.findByText('您确认要通过所选的 2 条数据? 注意：将默认分配给节点设定的所有可审批用户'),
    ).toBeTruthy();
    http.postAction.mockImplementationOnce(async () =>
      ok(
        [
          { id: 't1', success: true },
          { id: 't2', success: true },
        ],
        '成功2条，失败0条',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(http.postAction).toHaveBeenCalledWith('/actTask/passAll/t1,t2'));
  });

  it('batch reject confirms that everything goes back to the initiator and sends the instance ids', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getByTestId('batch-back'));
    expect(await screen.findByText('您确认要驳回所选的 1 条数据? 注意：所有流程将驳回至发起人')).toBeTruthy();
    http.postAction.mockImplementationOnce(async () => ok([{ id: 'p2', success: true }]));
    // without a reason nothing is sent
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    expect(await screen.findByText('请填写驳回理由')).toBeTruthy();
    expect(http.postAction).not.toHaveBeenCalledWith('/actTask/backAll/p2', expect.anything());
    fireEvent.change(screen.getByTestId('batch-back-reason'), { target: { value: '预算超标' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(http.postAction).toHaveBeenCalledWith('/actTask/backAll/p2', { comment: '预算超标' }));
  });

  it('history without a process instance id shows an error', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    const row = screen.getByText('HR评分').closest('tr')!;
    fireEvent.click(within(row).getByTestId('todo-history'));
    expect(await screen.findByText('流程实例ID不存在')).toBeTruthy();
  });

  it('pass requires a next approver, then sends the approval payload; a code 500 failure closes the dialog and reloads', async () => {
    http.getAction.mockImplementation(async (url: string) => {
      if (url === '/activiti_process/getNextNode')
        return ok({
          id: 'financeApprove',
          type: 1,
          title: '财务审核',
          users: [{ id: 'u1', username: 'liuyang', realname: '刘洋', mainOrgCode: 'A01A03' }],
          chooseMark: 1,
          usersMark: 1,
          z_type: 'fm_expense',
        });
      return ok(null);
    });
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    fireEvent.click(screen.getAllByTestId('todo-pass')[0]);
    await screen.findByText('下一审批人（财务审核）');
    // the candidates are pre-selected; clearing them makes the rule fire
    fireEvent.mouseDown(screen.getByTestId('next-assignees').querySelector('.ant-select-selector')!);
    const clear = screen.getByTestId('next-assignees').querySelector('.ant-select-clear');
    if (clear) fireEvent.mouseDown(clear);
    else
      fireEvent.click(
        screen.getByTestId('next-assignees').querySelector('.ant-select-selection-item-remove')!,
      );
    fireEvent.click(screen.getByTestId('approval-submit'));
    expect((await screen.findAllByText('请至少选择一个审批人')).length).toBeGreaterThan(0);
    expect(http.postAction).not.toHaveBeenCalledWith('/actTask/pass', expect.anything());

    http.postAction.mockImplementation(async (url: string) => {
      if (url === '/actTask/todoList') return ok({ records: rows, total: rows.length });
      return { success: false, code: 500, message: '该任务已被处理', result: null, timestamp: 0 };
    });
    fireEvent.mouseDown(screen.getByTestId('next-assignees').querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByTitle('刘洋'));
    fireEvent.change(screen.getByTestId('approval-comment'), { target: { value: '同意' } });
    const listCalls = http.postAction.mock.calls.filter((c) => c[0] === '/actTask/todoList').length;
    fireEvent.click(screen.getByTestId('approval-submit'));
    await waitFor(() =>
      expect(http.postAction).toHaveBeenCalledWith(
        '/actTask/pass',
        expect.objectContaining({
          id: 't1',
          type: 0,
          comment: '同意',
          assignees: 'liuyang',
          currActId: 'deptApprove',
          procInstId: 'p1',
          sendMessage: true,
        }),
      ),
    );
    expect(await screen.findByText('该任务已被处理')).toBeTruthy();
    await waitFor(() =>
      expect(http.postAction.mock.calls.filter((c) => c[0] === '/actTask/todoList').length).toBeGreaterThan(
        listCalls,
      ),
    );
  });

  it('更多 offers 转办, 加签 and 抄送; each asks for its people before anything is sent', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    const row = screen.getByText('财务审核').closest('tr')!;
    fireEvent.click(within(row).getByTestId('todo-more'));
    fireEvent.click(await screen.findByTestId('todo-transfer'));
    await screen.findByText('转办后该任务由接收人以本人名义处理，您的待办中将不再显示');
    fireEvent.click(screen.getByTestId('task-action-submit'));
    expect((await screen.findAllByText('请选择转办人')).length).toBeGreaterThan(0);
    expect(http.postAction).not.toHaveBeenCalledWith('/actTask/transfer', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));

    fireEvent.click(within(row).getByTestId('todo-more'));
    fireEvent.click(await screen.findByTestId('todo-addSign'));
    expect(await screen.findByText('前加签')).toBeTruthy();
    expect(screen.getByText('后加签')).toBeTruthy();
    expect(screen.getByText('并行加签')).toBeTruthy();
    fireEvent.click(screen.getByTestId('task-action-submit'));
    expect((await screen.findAllByText('请选择加签人')).length).toBeGreaterThan(0);
    expect(http.postAction).not.toHaveBeenCalledWith('/actTask/addSign', expect.anything());
  });

  it('a suspended task offers no 更多 menu', async () => {
    wrap(<TodoManage />);
    await screen.findByText('紧急');
    const suspended = screen.getByText('HR评分').closest('tr')!;
    expect(within(suspended).queryByTestId('todo-more')).toBeNull();
    expect(within(suspended).getByText('更多').className).toContain('wf-link-disabled');
  });
});
