import { ErrorBlock, InfiniteScroll, List, PullToRefresh, Tag } from 'antd-mobile';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { getAction } from '../../app/http/client';
import type { MyAnnouncement } from '../../features/announcement/api';
import { H5Page } from '../components/H5Page';
import { usePagedList } from '../usePagedList';

type Row = MyAnnouncement & { readFlag?: string | number | null };

/** 通知公告 addressed to the caller (`/sys/sysAnnouncementSend/getMyAnnouncementSend`), newest first. */
export default function H5Notices() {
  const navigate = useNavigate();
  const fetchPage = useCallback(async (pageNo: number, pageSize: number) => {
    const res = await getAction<{ records: Row[]; total: number }>(
      '/sys/sysAnnouncementSend/getMyAnnouncementSend',
      { pageNo, pageSize },
    );
    return res.success && res.result
      ? { rows: res.result.records ?? [], total: Number(res.result.total ?? 0) }
      : { rows: [], total: 0 };
  }, []);
  const list = usePagedList(fetchPage);
  return (
    <H5Page title="通知公告" back="/h5" testId="h5-notices">
      <PullToRefresh
        onRefresh={list.refresh}
        pullingText="下拉刷新"
        canReleaseText="释放立即刷新"
        refreshingText="加载中…"
        completeText="刷新成功"
      >
        <section aria-label="通知公告">
          <List>
            {list.rows.map((n) => (
              <List.Item
                key={n.id}
                onClick={() => navigate(`/h5/notices/${encodeURIComponent(n.anntId)}`)}
                description={`${n.senderRealname || n.sender || ''} · ${n.sendTime ?? ''}`}
                extra={String(n.readFlag) === '0' ? <Tag color="danger">未读</Tag> : null}
                data-testid="h5-notice-item"
              >
                <span className="h5-item-title">{n.titile}</span>
              </List.Item>
            ))}
          </List>
        </section>
        {list.total === 0 && <ErrorBlock status="empty" title="暂无通知" description="" />}
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
          {(hasMore) => (hasMore ? '加载中…' : list.rows.length ? '没有更多了' : '')}
        </InfiniteScroll>
      </PullToRefresh>
    </H5Page>
  );
}
