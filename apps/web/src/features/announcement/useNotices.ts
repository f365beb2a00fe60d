import { useQuery } from '@tanstack/react-query';
import { REALTIME_KEYS } from '../../app/realtime';
import { useSession } from '../../app/session/store';
import { EMPTY_NOTICES, fetchNoticeLists } from './api';
import { BELL_PAGE_SIZE, NOTICE_POLL_MS } from './constants';

/**
 * The current user's unread notices. Reloaded by the socket (`topic` / `user`) and re-polled on the
 * interval (docs/realtime-and-jobs.md, 3); a failed load stops the polling (docs/realtime-and-jobs.md, 1–3) until the next successful load.
 */
export function useNotices() {
  const token = useSession((s) => s.token);
  const q = useQuery({
    queryKey: [...REALTIME_KEYS.notices, BELL_PAGE_SIZE],
    enabled: !!token,
    queryFn: () => fetchNoticeLists(BELL_PAGE_SIZE),
    refetchInterval: (query) => (query.state.status === 'error' ? false : NOTICE_POLL_MS),
    placeholderData: (prev) => prev,
    staleTime: 0,
  });
  return { ...q, lists: q.data ?? EMPTY_NOTICES };
}
