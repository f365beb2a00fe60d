import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../app/session/store';

const api = vi.hoisted(() => ({
  fetchNoticeLists: vi.fn(),
  markNoticeRead: vi.fn(),
  fetchAnnouncement: vi.fn(),
}));
vi.mock('../api', async (orig) => ({ ...(await orig<typeof import('../api')>()), ...api }));

const { NoticeBell } = await import('./NoticeBell');

function wrap(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/zhome']}>
        <Routes>
          <Route path="/zhome" element={children} />
          <Route path="/isps/userAnnouncement" element={<div>my-announcements</div>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

describe('NoticeBell', () => {
  beforeEach(() => {
    useSession.setState({ token: 'tok', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静' } });
    api.markNoticeRead.mockResolvedValue({ success: true });
    api.fetchAnnouncement.mockResolvedValue({
      success: true,
      result: { id: 'a1', titile: '放假通知', senderRealname: '管理员', sendTime: '2026-11-20 09:00:00', msgContent: '<p>内容<script>x()</script></p>' },
    });
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
});
