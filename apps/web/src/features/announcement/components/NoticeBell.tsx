import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Empty, List, Popover, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { REALTIME_KEYS } from '../../../app/realtime';
import { markNoticeRead, type BellNotice } from '../api';
import { BELL_WIDTH, MY_ANNOUNCEMENTS_PATH, PRIORITY_TAGS } from '../constants';
import { useNotices } from '../useNotices';
import { AnnouncementDetailModal, openNoticePage } from './AnnouncementDetailModal';
import './notice.css';

export function PriorityTag({ priority }: { priority?: string | null }) {
  const p = PRIORITY_TAGS[priority ?? ''];
  if (!p) return null;
  return <Tag color={p.color}>{p.text}</Tag>;
}

function NoticeRows({ rows, onPick }: { rows: BellNotice[]; onPick: (n: BellNotice) => void }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新消息" data-testid="notice-empty" />;
  return (
    <List
      size="small"
      dataSource={rows}
      className="notice-list"
      renderItem={(n) => (
        <List.Item key={n.id} className="notice-row" onClick={() => onPick(n)} data-testid="notice-row">
          <div className="notice-row-body">
            <div className="notice-row-title" title={n.titile ?? ''}>
              {n.titile}
            </div>
            <div className="notice-row-meta">
              <span>{n.sendTime ?? n.createTime} 发布</span>
              <PriorityTag priority={n.priority} />
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}

/**
 * The header bell (SPEC §2 header): a 300 px click popover with the unread notices and system messages,
 * the badge as the sum of both counts, 查看更多 to the user's announcement page. A click marks the notice
 * read, then opens its page (openType component) or the '通知消息' modal.
 */
export function NoticeBell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { lists, isFetching, isLoading } = useNotices();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<BellNotice | null>(null);
  const count = lists.anntMsgTotal + lists.sysMsgTotal;

  const pick = async (n: BellNotice) => {
    setOpen(false);
    try {
      await markNoticeRead(n.id);
    } catch {
      /* shown by the client; still open the notice */
    }
    void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
    if (n.openType === 'component' && n.openPage) {
      const page = n.openPage.startsWith('/') ? n.openPage : `/${n.openPage}`;
      openNoticePage(n.busId ? `${page}${page.includes('?') ? '&' : '?'}id=${encodeURIComponent(n.busId)}` : page, navigate);
      return;
    }
    setShown(n);
  };

  const content = (
    <div style={{ width: '100%' }} data-testid="notice-popover">
      <Spin spinning={isLoading}>
        <Tabs
          size="small"
          centered
          items={[
            { key: 'annt', label: `通知(${lists.anntMsgTotal})`, children: <NoticeRows rows={lists.anntMsgList} onPick={pick} /> },
            { key: 'sys', label: `系统消息(${lists.sysMsgTotal})`, children: <NoticeRows rows={lists.sysMsgList} onPick={pick} /> },
          ]}
        />
        <div className="notice-more">
          <a
            data-testid="notice-more"
            onClick={() => {
              setOpen(false);
              navigate(MY_ANNOUNCEMENTS_PATH);
            }}
          >
            查看更多
          </a>
        </div>
      </Spin>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={content}
        arrow={{ pointAtCenter: true }}
        // Shifted back into view on narrow screens rather than cut off at the left edge.
        align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
        styles={{ body: { padding: '4px 12px 8px', width: BELL_WIDTH, maxWidth: 'calc(100vw - 16px)', boxSizing: 'border-box' } }}
        rootClassName="notice-bell-popover"
      >
        <span className="app-header-action notice-bell" role="button" aria-label="消息通知" data-testid="notice-bell" data-count={count} data-fetching={isFetching ? '1' : '0'}>
          <Badge count={count} size="small" offset={[2, -2]} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16, padding: 4 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementDetailModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
