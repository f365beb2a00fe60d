import { ErrorBlock, InfiniteScroll, List, PullToRefresh, Tag } from 'antd-mobile';
import { useCallback } from 'react';
import { readPage, wfApi, type Application } from '../../features/workflow/api';
import { RESULT_TEXT, STATUS_TEXT } from '../../features/workflow/texts';
import { H5Page } from '../components/H5Page';
import { usePagedList } from '../usePagedList';

const COLOR: Record<number, string> = { 0: 'default', 1: 'primary', 2: 'success', 3: 'warning' };

/** 我的申请 with their status in words (the `/actBusiness/listData` call of the desktop list). */
export default function H5MyApps() {
  const fetchPage = useCallback(
    async (pageNo: number, pageSize: number) =>
      readPage<Application>(await wfApi.myApplications({ pageNo, pageSize })),
    [],
  );
  const list = usePagedList(fetchPage);
  return (
    <H5Page title="我的申请" back="/h5" testId="h5-apps">
      <PullToRefresh
        onRefresh={list.refresh}
        pullingText="下拉刷新"
        canReleaseText="释放立即刷新"
        refreshingText="加载中…"
        completeText="刷新成功"
      >
        <section aria-label="我的申请">
          <List>
            {list.rows.map((a) => {
              const status =
                a.status === 2
                  ? (RESULT_TEXT[a.result] ?? STATUS_TEXT[a.status])
                  : (STATUS_TEXT[a.status] ?? '');
              return (
                <List.Item
                  key={a.id}
                  description={
                    <>
                      <div>{a.formLabel || a.processName}</div>
                      {a.statusText && (
                        <div className="h5-muted" data-testid="h5-app-status-text">
                          {a.statusText}
                        </div>
                      )}
                      <div className="h5-muted">{a.applyTime || a.createTime}</div>
                    </>
                  }
                  extra={
                    <Tag
                      color={a.status === 2 && a.result === 3 ? 'danger' : (COLOR[a.status] ?? 'default')}
                      fill="outline"
                      data-testid="h5-app-status"
                    >
                      {status}
                    </Tag>
                  }
                  data-testid="h5-app-item"
                >
                  <span className="h5-item-title">{a.title}</span>
                </List.Item>
              );
            })}
          </List>
        </section>
        {list.total === 0 && (
          <ErrorBlock status="empty" title="暂无申请" description="从首页的费用报销发起申请" />
        )}
        <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
          {(hasMore) => (hasMore ? '加载中…' : list.rows.length ? '没有更多了' : '')}
        </InfiniteScroll>
      </PullToRefresh>
    </H5Page>
  );
}
