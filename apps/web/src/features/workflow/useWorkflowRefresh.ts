import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Kept-alive lists refresh whenever the to-do badge does (it refetches on every route change), so a
 * list that comes back into view after approving elsewhere is current.
 */
export function useRefetchWithBadge(refetch: () => void): void {
  const queryClient = useQueryClient();
  const ref = useRef(refetch);
  ref.current = refetch;
  useEffect(() => {
    let last: unknown = undefined;
    return queryClient.getQueryCache().subscribe((e) => {
      if (e.type !== 'updated' || e.query.queryKey[0] !== 'todoBadge' || e.action.type !== 'success') return;
      const data = e.query.state.data;
      if (last !== undefined && data !== last) ref.current();
      last = data;
    });
  }, [queryClient]);
}
