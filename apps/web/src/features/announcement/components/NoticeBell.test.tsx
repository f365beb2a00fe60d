import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../app/session/store';

const api = vi.hoisted(() => ({
  fetchNoticeLists: vi.fn(),
  markNoticeRead: vi.fn(),
  fetchAnnouncement: vi.fn(),
}));
vi.mock('../api', async (orig) => ({ ...(await orig<typeof import('../api')>()), ...api }));
// the user socket's listeners: the test pushes messages through them
const socket = vi.hoisted(() => ({ listeners: new Set<(m: { cmd?: string; msgId?: string; msgTxt?: string }) => void>() }));
vi.mock('../../../app/realtime', async (orig) => ({
  ...(await orig<typeof import('../../../app/realtime')>()),
  onUserSocketMessage: (fn: (m: { cmd?: string; msgId?: string; msgTxt?: string }) => void) => {
    socket.listeners.add(fn);
    return () => socket.listeners.delete(fn);
  },
}));

const { NoticeBell } = await import('./NoticeBell');

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/zhome']}>
          <Routes>
            <Route path="/zhome" element={children} />
            <Route path="/isps/userAnnouncement" element={<div>my-announcements</div>} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>
  );
}

describe('NoticeBell', () => {
  beforeEach(() => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静' } });
    api.markNoticeRead.mockResolvedValue(undefined);
    api.fetchAnnouncement.mockResolvedValue({ id: 'a1', titile: '放假通知', senderRealname: '管理员', sendTime: '2026-11-20 09:00:00', msgContent: '<p>内容<script>x()</script></p>' });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    useSession.setState({ token: null, userInfo: null });
  });

  it('shows the sum of both counts, the rows with publish time and priority tags, and the empty text', async () => {
    api.fetchNoticeLists.mockResolvedValue({
      anntMsgList: [
        { id: 'a1', titile: '放假通知', sendTime: '2026-11-20 09:00:00', priority: 'L' },
        { id: 'a2', titile: '考核启动', sendTime: '2026-11-19 09:00:00', priority: 'H' },
      ],
      anntMsgTotal: 2,
      sysMsgList: [],
      sysMsgTotal: 3,
    });
    render(wrap(<NoticeBell />));
    await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe('5'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    await screen.findByText('放假通知');
    expect(screen.getByText('通知(2)')).toBeTruthy();
    expect(screen.getByText('系统消息(3)')).toBeTruthy();
    expect(screen.getByText('2026-11-20 09:00:00 发布')).toBeTruthy();
    expect(screen.getByText('一般')).toBeTruthy();
    expect(screen.getByText('紧急')).toBeTruthy();
    fireEvent.click(screen.getByText('系统消息(3)'));
    expect(await screen.findByText('暂无新消息')).toBeTruthy();
  });

  it('a click marks the notice read and opens 通知消息 with the sanitised content; 查看更多 goes to my announcements', async () => {
    api.fetchNoticeLists.mockResolvedValue({
      anntMsgList: [{ id: 'a1', titile: '放假通知', sendTime: '2026-11-20 09:00:00', priority: 'M', sender: 'admin' }],
      anntMsgTotal: 1,
      sysMsgList: [],
      sysMsgTotal: 0,
    });
    render(wrap(<NoticeBell />));
    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByText('放假通知'));
    await waitFor(() => expect(api.markNoticeRead).toHaveBeenCalledWith('a1'));
    expect(await screen.findByText('通知消息')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('announcement-detail-sender').textContent).toBe('管理员'));
    const content = screen.getByTestId('announcement-detail-content').innerHTML;
    expect(content).toContain('内容');
    expect(content).not.toContain('script');
    fireEvent.click(screen.getByRole('button', { name: /关\s*闭/ }));

    fireEvent.click(screen.getByTestId('notice-bell'));
    fireEvent.click(await screen.findByTestId('notice-more'));
    expect(await screen.findByText('my-announcements')).toBeTruthy();
  });

  it('opens on the system messages when their newest unread item is the newer, on the notices otherwise', async () => {
    api.fetchNoticeLists.mockResolvedValue({
      anntMsgList: [{ id: 'a1', titile: '放假通知', sendTime: '2026-11-20 09:00:00', priority: 'L' }],
      anntMsgTotal: 1,
      sysMsgList: [{ id: 's1', titile: '待审批：张三的费用报销', sendTime: '2026-11-21 10:00:00', priority: 'L' }],
      sysMsgTotal: 1,
    });
    render(wrap(<NoticeBell />));
    await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe('2'));
    const tabs = () => [...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);
    fireEvent.keyDown(screen.getByTestId('notice-bell'), { key: 'Enter' });
    expect(await screen.findByText('待审批：张三的费用报销')).toBeTruthy();
    expect(tabs()).toEqual(['系统消息(1)', '通知(1)']);
    expect(document.querySelector('.ant-tabs-tab-active')?.textContent).toBe('系统消息(1)');
    cleanup();

    api.fetchNoticeLists.mockResolvedValue({
      anntMsgList: [{ id: 'a2', titile: '年会通知', sendTime: '2026-11-22 09:00:00', priority: 'L' }],
      anntMsgTotal: 1,
      sysMsgList: [{ id: 's1', titile: '待审批：张三的费用报销', sendTime: '2026-11-21 10:00:00', priority: 'L' }],
      sysMsgTotal: 1,
    });
    render(wrap(<NoticeBell />));
    await waitFor(() => expect(screen.getByTestId('notice-bell').getAttribute('data-count')).toBe('2'));
    fireEvent.click(screen.getByTestId('notice-bell'));
    expect(await screen.findByText('年会通知')).toBeTruthy();
    expect(document.querySelector('.ant-tabs-tab-active')?.textContent).toBe('通知(1)');
  });

  it('a new task pushed on the socket pops up with 去处理, which marks it read and opens the to-do list; announcements do not pop up', async () => {
    api.fetchNoticeLists.mockResolvedValue({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    api.fetchAnnouncement.mockImplementation(async (id: string) =>
      id === 't1'
        ? { id: 't1', titile: '待审批：张三的费用报销', msgContent: '<p>张三提交的「费用报销」已到达「部门负责人审批」，请您审批。</p>', openType: 'url', openPage: '/activiti/todoManage?name=%E5%BC%A0' }
        : { id: 'n1', titile: '放假通知', msgContent: '<p>放假</p>', openType: null, openPage: null },
    );
    render(wrap(<NoticeBell />));
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    for (const l of socket.listeners) l({ cmd: 'user', msgId: 'n1', msgTxt: '放假通知' });
    await waitFor(() => expect(api.fetchAnnouncement).toHaveBeenCalledWith('n1'));
    for (const l of socket.listeners) l({ cmd: 'user', msgId: 't1', msgTxt: '待审批：张三的费用报销' });
    expect(await screen.findByText('新的待办')).toBeTruthy();
    expect(screen.getByText('张三提交的「费用报销」已到达「部门负责人审批」，请您审批。')).toBeTruthy();
    expect(screen.queryByText('放假通知')).toBeNull();
    fireEvent.click(screen.getByTestId('work-notice-go'));
    await waitFor(() => expect(api.markNoticeRead).toHaveBeenCalledWith('t1'));
    expect((await screen.findByTestId('where')).textContent).toBe('/activiti/todoManage?name=%E5%BC%A0');
  });

  it('a pop-up waits while a dialog is open', async () => {
    api.fetchNoticeLists.mockResolvedValue({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    api.fetchAnnouncement.mockResolvedValue({ id: 'r1', titile: '审批驳回：李四的费用报销', msgContent: '<p>理由：发票不全。</p>', openType: 'url', openPage: '/activiti/myApplications?title=x' });
    const dialog = document.createElement('div');
    dialog.className = 'ant-modal-wrap';
    document.body.appendChild(dialog);
    render(wrap(<NoticeBell />));
    await waitFor(() => expect(socket.listeners.size).toBe(1));
    for (const l of socket.listeners) l({ cmd: 'user', msgId: 'r1', msgTxt: '审批驳回：李四的费用报销' });
    await waitFor(() => expect(api.fetchAnnouncement).toHaveBeenCalledWith('r1'));
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByText('审批结果')).toBeNull();
    dialog.remove();
    expect(await screen.findByText('审批结果', undefined, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('理由：发票不全。')).toBeTruthy();
  });
});
