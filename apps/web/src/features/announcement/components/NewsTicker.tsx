import { NotificationOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { REALTIME_KEYS } from '../../../app/realtime';
import { useSession } from '../../../app/session/store';
import { fetchMyAnnouncements, fetchNews, markNoticeRead, type BellNotice } from '../api';
import { NOTICE_PATH, NOTICE_POLL_MS, PRIORITY_TAGS, TICKER_COUNT, TICKER_SLIDE_PX } from '../constants';
import { byPriority, nextTickerState, tickerSeconds, type TickerState } from '../ticker';
import { AnnouncementDetailModal } from './AnnouncementDetailModal';
import './ticker.css';

/** One ticker line: a published announcement (opens the 通知消息 detail) or, without any, a news item. */
interface TickerItem {
  key: string;
  title: string;
  priority: string | null;
  notice: BellNotice | null;
}

/**
 * The header ticker (docs/realtime-and-jobs.md, 1–3: header, ticker): the caller's published announcements, urgent and
 * important first (the 10 newest news items when there are none), one at a time, each sliding in over
 * 300 px and shown length/3 seconds; a newer fetch replaces the list only when a cycle
 * ends. An announcement opens its 通知消息 detail; a news item the notice page; 更多 opens /notice.
 * Published or revoked announcements reload it at once through the user socket.
 */
export function NewsTicker({ compact = false }: { compact?: boolean }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const annts = useQuery({
    // under the notices key: `topic` / `user` pushes reload it with the bell
    queryKey: [...REALTIME_KEYS.notices, 'ticker'],
    enabled: !!token,
    queryFn: () => fetchMyAnnouncements(TICKER_COUNT),
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_POLL_MS),
    staleTime: 0,
  });
  const news = useQuery({
    queryKey: ['announcementNews', 'ticker'],
    enabled: !!token && annts.isSuccess && annts.data.length === 0,
    queryFn: async () => (await fetchNews(1, TICKER_COUNT)).records,
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_POLL_MS),
    staleTime: 0,
  });
  const [state, setState] = useState<TickerState<TickerItem>>({ list: [], pending: null, index: 0, cycle: 0 });
  const [shown, setShown] = useState<BellNotice | null>(null);
  const lastData = useRef<unknown>(undefined);

  const source = annts.data && annts.data.length > 0 ? annts.data : annts.isSuccess ? news.data : undefined;
  useEffect(() => {
    if (!source || source === lastData.current) return;
    lastData.current = source;
    const fresh: TickerItem[] =
      annts.data && annts.data.length > 0
        ? byPriority(annts.data).map((a) => ({
            key: `a-${a.anntId}`,
            title: a.titile ?? '',
            priority: a.priority ?? null,
            notice: { ...a, id: a.anntId, titile: a.titile } as BellNotice,
          }))
        : (news.data ?? []).map((n) => ({ key: `n-${n.id}`, title: n.noticeTitle ?? '', priority: null, notice: null }));
    setState((s) =>
      s.list.length === 0 || fresh.length === 0
        ? { list: fresh, pending: null, index: 0, cycle: s.cycle + 1 }
        : { ...s, pending: fresh },
    );
  }, [source, annts.data, news.data]);

  const open = async (it: TickerItem) => {
    if (!it.notice) {
      navigate(NOTICE_PATH);
      return;
    }
    setShown(it.notice);
    try {
      await markNoticeRead(it.notice.id);
      void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
    } catch {
      /* shown by the client */
    }
  };

  const item = state.list[state.index];
  if (!item) return null;
  const tag = item.priority && item.priority !== 'L' ? PRIORITY_TAGS[item.priority] : undefined;
  return (
    <div
      className={`news-ticker ${compact ? 'news-ticker-compact' : ''}`}
      data-testid="news-ticker"
      style={{ ['--ticker-slide' as string]: `${TICKER_SLIDE_PX}px` }}
    >
      {!compact && <NotificationOutlined className="news-ticker-icon" />}
      <div className="news-ticker-window">
        <a
          key={`${state.cycle}-${state.index}`}
          className="news-ticker-item"
          title={item.title}
          data-testid="news-ticker-item"
          data-kind={item.notice ? 'announcement' : 'news'}
          style={{ animationDuration: `${tickerSeconds(item.title)}s` }}
          onAnimationEnd={() => setState((s) => nextTickerState(s))}
          onClick={() => void open(item)}
        >
          {tag && <span className={`news-ticker-tag news-ticker-tag-${item.priority}`}>{tag.text}</span>}
          {item.title}
        </a>
      </div>
      <a className="news-ticker-more" onClick={() => navigate(NOTICE_PATH)} data-testid="news-ticker-more" aria-label="更多通知">
        更多
      </a>
      <AnnouncementDetailModal notice={shown} onClose={() => setShown(null)} />
    </div>
  );
}
