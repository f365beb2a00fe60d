import { TODO_BADGE_QUERY } from '@go/contract';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../http/client';

/**
 * The caller's pending to-do count (docs/widgets.md, "The shell": the badge reads `total` of the to-do list with page size
 * 200). Refreshed on every route change (`routeKey`) and by any message on the user socket, which
 * invalidates every `['todoBadge', …]` query.
 */
export function useTodoCount(enabled: boolean, routeKey: string): number {
  const q = useQuery({
    queryKey: ['todoBadge', routeKey],
    enabled,
    retry: false,
    staleTime: 0,
    queryFn: async () => {
      const res = await postAction<unknown>('/actTask/todoList', { ...TODO_BADGE_QUERY }, { silent: true });
      if (!res.success) return 0;
      const r = res.result as { total?: number; records?: unknown[] } | unknown[] | null;
      if (Array.isArray(r)) return r.length;
      return Number(r?.total ?? r?.records?.length ?? 0);
    },
    placeholderData: (prev) => prev,
  });
  return q.data ?? 0;
}
