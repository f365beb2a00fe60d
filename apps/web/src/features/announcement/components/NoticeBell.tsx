import { BellOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Empty, List, Popover, Spin, Tabs, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { onUserSocketMessage, REALTIME_KEYS } from '../../../app/realtime';
import { fetchAnnouncement, markNoticeRead, type BellNotice } from '../api';
import { BELL_WIDTH, MY_ANNOUNCEMENTS_PATH, PRIORITY_TAGS } from '../constants';
import { useNotices } from '../useNotices';
import {
  dialogOpen,
  newestTab,
  plainText,
  WORK_NOTICE_HEADINGS,
  workNoticeKind,
  type BellTab,
} from '../workNotice';
import { AnnouncementDetailModal, openNoticePage } from './AnnouncementDetailModal';
import './notice.css';

export function PriorityTag({ priority }: { priority?: string | null }) {
  const p = PRIORITY_TAGS[priority ?? ''];
  if (!p) return null;
  return <Tag color={p.color}>{p.text}</Tag>;
}

function NoticeRows({ rows, onPick }: { rows: BellNotice[]; onPick: (n: BellNotice) => void }) {
  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新消息" data-testid="notice-empty" />;
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
 * How long a new task's or result's pop-up stays. Hovering does not hold it: a pop-up never stays over the
 * page for good; the message stays in the bell.
 */
const WORK_NOTICE_SECONDS = 15;
/** While a dialog is open the pop-up waits; how often it looks again. */
const DIALOG_RECHECK_MS = 1000;

/**
 * Pops up a notice for each new task and approval result pushed on the user socket (`{cmd:'user', msgId}`,
 * the system message the workflow sends): its title and text, and 去处理, which marks it read and opens
 * the to-do list filtered to the task or 我的申请 at the application. It waits while a dialog is open.
 */
function useWorkNotices() {
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const seen = useRef(new Set<string>());
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const whenNoDialog = (show: () => void) => {
      if (!dialogOpen()) {
        show();
        return;
      }
      const t = setTimeout(() => {
        timers.delete(t);
        whenNoDialog(show);
      }, DIALOG_RECHECK_MS);
      timers.add(t);
    };
    const off = onUserSocketMessage((msg) => {
      const id = msg.msgId;
      if (msg.cmd !== 'user' || !id || seen.current.has(id)) return;
      seen.current.add(id);
      void fetchAnnouncement(id)
        .then((n) => {
          const kind = workNoticeKind(n?.openPage);
          if (!n || !kind) return;
          const open = async () => {
            notification.destroy(id);
            try {
              await markNoticeRead(id);
            } catch {
              /* shown by the client; still open the page */
            }
            void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
            openNoticePage(n.openPage!, navigate);
          };
          whenNoDialog(() =>
            notification.open({
              key: id,
              type: kind === 'task' ? 'info' : n.priority === 'M' ? 'warning' : 'success',
              message: <span data-testid="work-notice-heading">{WORK_NOTICE_HEADINGS[kind]}</span>,
              description: (
                <div data-testid="work-notice" data-kind={kind}>
                  <div style={{ fontWeight: 500 }}>{n.titile}</div>
                  <div style={{ color: 'rgba(0,0,0,0.65)' }}>{plainText(n.msgContent)}</div>
                </div>
              ),
              actions: (
                <Button type="primary" size="small" onClick={() => void open()} data-testid="work-notice-go">
                  去处理
                </Button>
              ),
              duration: WORK_NOTICE_SECONDS,
              pauseOnHover: false,
              // clear of the header: the bell and its list stay visible
              placement: 'bottomRight',
            }),
          );
        })
        .catch(() => undefined);
    });
    return () => {
      off();
      for (const t of timers) clearTimeout(t);
    };
  }, [notification, navigate, queryClient]);
}

/**
 * The header bell (docs/realtime-and-jobs.md, 1–3: header): a 300 px click popover with the unread system messages (tasks and
 * approval results) and notices, opening on the tab whose newest unread item is the newer; the badge as
 * the sum of both counts, 查看更多 to the user's announcement page. A click marks the notice read, then
 * opens its page (openType component) or the '通知消息' modal. New tasks and approval results also pop up.
 */
export function NoticeBell() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { lists, isFetching, isLoading } = useNotices();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<BellNotice | null>(null);
  /** the tab the user chose since the bell opened; until then the one holding the newest unread item */
  const [picked, setPicked] = useState<BellTab | null>(null);
  const tab = picked ?? newestTab(lists);
  const count = lists.anntMsgTotal + lists.sysMsgTotal;
  useWorkNotices();
  const toggle = (next: boolean) => {
    if (next) setPicked(null);
    setOpen(next);
  };

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
      openNoticePage(
        n.busId ? `${page}${page.includes('?') ? '&' : '?'}id=${encodeURIComponent(n.busId)}` : page,
        navigate,
      );
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
          activeKey={tab}
          onChange={(k) => setPicked(k as BellTab)}
          items={[
            {
              key: 'sys',
              label: `系统消息(${lists.sysMsgTotal})`,
              children: <NoticeRows rows={lists.sysMsgList} onPick={pick} />,
            },
            {
              key: 'annt',
              label: `通知(${lists.anntMsgTotal})`,
              children: <NoticeRows rows={lists.anntMsgList} onPick={pick} />,
            },
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
        onOpenChange={toggle}
        content={content}
        arrow={{ pointAtCenter: true }}
        // Shifted back into view on narrow screens rather than cut off at the left edge.
        align={{ overflow: { adjustX: true, adjustY: true, shiftX: true } }}
        styles={{
          body: {
            padding: '4px 12px 8px',
            width: BELL_WIDTH,
            maxWidth: 'calc(100vw - 16px)',
            boxSizing: 'border-box',
          },
        }}
        rootClassName="notice-bell-popover"
      >
        <span
          className="app-header-action notice-bell"
          role="button"
          tabIndex={0}
          aria-label={count > 0 ? `消息通知，${count > 99 ? '99+' : count} 条未读` : '消息通知'}
          aria-expanded={open}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' && e.key !== ' ') return;
            e.preventDefault();
            toggle(!open);
          }}
          data-testid="notice-bell"
          data-count={count}
          data-fetching={isFetching ? '1' : '0'}
        >
          <Badge count={count} overflowCount={99} size="small" offset={[2, -2]} data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16, padding: 4 }} />
          </Badge>
        </span>
      </Popover>
      <AnnouncementDetailModal notice={shown} onClose={() => setShown(null)} />
    </>
  );
}
