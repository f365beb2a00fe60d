import { useQueryClient } from '@tanstack/react-query';
import { ErrorBlock, InfiniteScroll, List, PullToRefresh, SearchBar, Tag } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { readPage, wfApi, type Task } from '../../features/workflow/api';
import { summaryText } from '../../features/workflow/status';
import { H5Page } from '../components/H5Page';
import { usePagedList } from '../usePagedList';

/** 我的待办: the `/actTask/todoList` pages, pull down to refresh, scroll on for more; a tap opens the task. */
export default function H5Todo() {
  const [name, setName] = useState('');
  return (
    <H5Page title="我的待办" testId="h5-todo">
      <div className="h5-search">
        <SearchBar
          placeholder="搜索标题"
          aria-label="搜索标题"
          onSearch={(v) => setName(v.trim())}
          onClear={() => setName('')}
          data-testid="h5-todo-search"
        />
      </div>
      <TodoList key={name} name={name} />
    </H5Page>
  );
}

function TodoList({ name }: { name: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fetchPage = useCallback(
    async (pageNo: number, pageSize: number) => {
      const res = await wfApi.todoList({ name: name || undefined, pageIndex: pageNo, pageSize });
      return readPage<Task>(res);
    },
    [name],
  );
  const list = usePagedList(fetchPage);
  const refresh = async () => {
    await list.refresh();
    void queryClient.invalidateQueries({ queryKey: ['h5TodoCount'] });
  };
  return (
    <PullToRefresh
      onRefresh={refresh}
      pullingText="下拉刷新"
      canReleaseText="释放立即刷新"
      refreshingText="加载中…"
      completeText="刷新成功"
    >
      <List aria-label="待办列表">
        {list.rows.map((t) => (
          <List.Item
            key={t.id}
            onClick={() => navigate(`/h5/todo/${encodeURIComponent(t.id)}`, { state: { task: t } })}
            description={
              <>
                <span>{t.applyer}</span> · <span>{t.createTime}</span>
                {summaryText(t.summary) && <div className="h5-muted">{summaryText(t.summary)}</div>}
              </>
            }
            extra={
              <Tag color="primary" fill="outline">
                {t.name}
              </Tag>
            }
            data-testid="h5-todo-item"
          >
            <span className="h5-item-title">{t.title || t.processName}</span>
          </List.Item>
        ))}
      </List>
      {list.total === 0 && (
        <ErrorBlock status="empty" title="暂无待办" description="新的审批任务会出现在这里" />
      )}
      <InfiniteScroll loadMore={list.loadMore} hasMore={list.hasMore}>
        {(hasMore) => (hasMore ? '加载中…' : list.rows.length ? '没有更多了' : '')}
      </InfiniteScroll>
    </PullToRefresh>
  );
}
