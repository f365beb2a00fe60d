import { NotificationOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session/store';
import { fetchNews, type NewsItem } from '../api';
import { NOTICE_PATH, NOTICE_POLL_MS, TICKER_COUNT, TICKER_SLIDE_PX } from '../constants';
import { nextTickerState, tickerSeconds, type TickerState } from '../ticker';
import './ticker.css';

/**
 * The header ticker (SPEC §2 header, §4 ticker, §9): the 10 newest news items, one at a time, each sliding
 * in over 300 px and shown for length/3 seconds; a newer fetch replaces the list only when a cycle ends.
 * Re-polled on the SPEC §9 interval, stopping after a failed load. The dots open /notice.
 */
export function NewsTicker() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const news = useQuery({
    queryKey: ['announcementNews', 'ticker'],
    enabled: !!token,
    queryFn: async () => (await fetchNews(1, TICKER_COUNT)).records,
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_POLL_MS),
    staleTime: 0,
  });
  const [state, setState] = useState<TickerState<NewsItem>>({ list: [], pending: null, index: 0, cycle: 0 });
  const lastData = useRef<NewsItem[] | undefined>(undefined);

  useEffect(() => {
    if (!news.data || news.data === lastData.current) return;
    lastData.current = news.data;
    const fresh = news.data;
    setState((s) => (s.list.length === 0 ? { list: fresh, pending: null, index: 0, cycle: s.cycle + 1 } : { ...s, pending: fresh }));
  }, [news.data]);

  const item = state.list[state.index];
  if (!item) return null;
  const title = item.noticeTitle ?? '';
  return (
    <div className="news-ticker" data-testid="news-ticker" style={{ ['--ticker-slide' as string]: `${TICKER_SLIDE_PX}px` }}>
      <NotificationOutlined className="news-ticker-icon" />
      <div className="news-ticker-window">
        <span
          key={`${state.cycle}-${state.index}`}
          className="news-ticker-item"
          title={title}
          data-testid="news-ticker-item"
          style={{ animationDuration: `${tickerSeconds(title)}s` }}
          onAnimationEnd={() => setState((s) => nextTickerState(s))}
        >
          {title}
        </span>
      </div>
      <a className="news-ticker-more" onClick={() => navigate(NOTICE_PATH)} data-testid="news-ticker-more" aria-label="更多通知">
        …
      </a>
    </div>
  );
}
