import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onUserSocketMessage } from '../../app/realtime/useUserSocket';

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

/**
 * Refetches on every push of the user socket (the to-do refresh `{cmd:'todo'}` after each workflow
 * command, and the notices of CCs, urges …), a little debounced so one command's pushes refetch once.
 * Lists whose rows change without the to-do count changing (抄送我的, 我的申请) stay live this way.
 */
export function useRefetchOnPush(refetch: () => void, delayMs = 300): void {
  const ref = useRef(refetch);
  ref.current = refetch;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onUserSocketMessage(() => {
      clearTimeout(timer);
      timer = setTimeout(() => ref.current(), delayMs);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [delayMs]);
}
