import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HR_DASHBOARD_PERM } from '@go/contract';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../app/session/store';

const api = vi.hoisted(() => ({
  fetchHomeTodo: vi.fn(),
  fetchHomeApplications: vi.fn(),
  fetchHomeNotices: vi.fn(),
  fetchStat: vi.fn(),
}));
vi.mock('../api', () => api);
vi.mock('../components/HrDashboard', () => ({ default: () => <div data-testid="hr-dashboard">dashboard</div> }));
// 发起申请 has its own test (components/HomeStartCard.test.tsx)
vi.mock('../components/HomeStartCard', () => ({ HomeStartCard: () => <div data-testid="home-start" /> }));

const { default: Analysis } = await import('./Analysis');
const { prefetchHomeData } = await import('../home-data');
const { queryClient: appQueryClient } = await import('../../../app/queryClient');

function page(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Analysis />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('home page (/zhome)', () => {
  beforeEach(() => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'lina', realname: '李娜' }, auth: [{ action: HR_DASHBOARD_PERM, type: '1', describe: '' }], allAuth: [{ action: HR_DASHBOARD_PERM, type: '1', status: '1', describe: '' }] });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('loads the three cards at once; one failing shows its own error and retries, the others their data', async () => {
    let rejectTodo!: (e: Error) => void;
    api.fetchHomeTodo.mockReturnValueOnce(new Promise((_, rej) => (rejectTodo = rej)));
    api.fetchHomeApplications.mockResolvedValue({ total: 2, rows: [{ id: 'a', title: '杨帆的出差申请', statusText: '审批中：部门负责人审批（张伟）', createTime: '2026-11-24 10:00:00' }] });
    api.fetchHomeNotices.mockResolvedValue({ total: 1, records: [{ id: 'n', noticeTitle: '年度体检安排', createTime: '2026-11-24 09:00:00' }] });
    page();
    expect(screen.getByTestId('home-greeting').textContent).toContain('李娜');
    // all three asked before any answered
    expect(api.fetchHomeTodo).toHaveBeenCalledTimes(1);
    expect(api.fetchHomeApplications).toHaveBeenCalledTimes(1);
    expect(api.fetchHomeNotices).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('home-todo-loading')).toBeTruthy();
    await screen.findByText('杨帆的出差申请');
    await screen.findByText('年度体检安排');
    expect(screen.getByTestId('home-todo-loading')).toBeTruthy();
    rejectTodo(new Error('服务器繁忙'));
    await screen.findByTestId('home-todo-error');
    expect(screen.getByText('我的待办加载失败')).toBeTruthy();
    api.fetchHomeTodo.mockResolvedValue({ total: 3, rows: [{ id: 't', title: '李娜的费用报销', name: '人事审核', applyer: '李娜', createTime: '2026-11-24 08:00:00' }] });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await screen.findByText('李娜的费用报销');
    expect(screen.queryByTestId('home-todo-error')).toBeNull();
    await screen.findByTestId('hr-dashboard');
  });

  it('without the dashboard permission there is no statistics section', async () => {
    useSession.setState({ auth: [{ action: 'other:perm', type: '1', describe: '' }] });
    api.fetchHomeTodo.mockResolvedValue({ total: 0, rows: [] });
    api.fetchHomeApplications.mockResolvedValue({ total: 0, rows: [] });
    api.fetchHomeNotices.mockResolvedValue({ total: 0, records: [] });
    page();
    await screen.findByText('暂无待办');
    await waitFor(() => expect(screen.queryByTestId('hr-dashboard')).toBeNull());
    expect(api.fetchStat).not.toHaveBeenCalled();
  });

  it('opens with the data asked for at sign-in without asking again; a later visit asks again', async () => {
    api.fetchHomeTodo.mockResolvedValue({ total: 0, rows: [] });
    api.fetchHomeApplications.mockResolvedValue({ total: 0, rows: [] });
    api.fetchHomeNotices.mockResolvedValue({ total: 1, records: [{ id: 'n', noticeTitle: '年度体检安排', createTime: '2026-11-24 09:00:00' }] });
    prefetchHomeData();
    expect(api.fetchHomeNotices).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(appQueryClient.getQueryState(['home', 'notices'])?.status).toBe('success'));
    page(appQueryClient);
    expect(screen.getByText('年度体检安排')).toBeTruthy();
    expect(screen.queryByTestId('home-notices-loading')).toBeNull();
    await new Promise((r) => setTimeout(r, 20));
    expect(api.fetchHomeTodo).toHaveBeenCalledTimes(1);
    expect(api.fetchHomeApplications).toHaveBeenCalledTimes(1);
    expect(api.fetchHomeNotices).toHaveBeenCalledTimes(1);
    cleanup();
    page(appQueryClient);
    await waitFor(() => expect(api.fetchHomeNotices).toHaveBeenCalledTimes(2));
    expect(api.fetchHomeTodo).toHaveBeenCalledTimes(2);
  });
});
