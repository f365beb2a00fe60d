import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { runtimeConfig } from '../config';
import { useSession } from '../session/store';
import { NOTICE_COMMANDS, REALTIME_KEYS } from './keys';
import { ReconnectingSocket, userSocketUrl } from './socket';

/** What a push on the user socket looks like (`{cmd, msgId?, msgTxt?}`). */
export interface UserSocketMessage {
  cmd?: string;
  msgId?: string;
  msgTxt?: string;
}

type Listener = (msg: UserSocketMessage) => void;
const listeners = new Set<Listener>();

/** Subscribe to every message of the user socket (returns the unsubscribe function). */
export function onUserSocketMessage(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/**
 * Keeps the signed-in user's socket open while there is a session (token and user id) and closes it
 * for good when the session ends (logout clears the token). Any message refreshes the to-do badge;
 * `topic` / `user` commands reload the notices.
 */
export function useUserSocket(): void {
  const queryClient = useQueryClient();
  const token = useSession((s) => s.token);
  const userId = useSession((s) => s.userInfo?.id);
  useEffect(() => {
    if (!token || !userId || typeof WebSocket === 'undefined') return;
    const socket = new ReconnectingSocket({
      url: userSocketUrl(runtimeConfig().baseURL, userId),
      token,
      onMessage: (data) => {
        const msg = data as UserSocketMessage;
        void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.todoBadge });
        if (msg.cmd && NOTICE_COMMANDS.has(msg.cmd)) void queryClient.invalidateQueries({ queryKey: REALTIME_KEYS.notices });
        for (const l of listeners) l(msg);
      },
    });
    socket.start();
    return () => socket.stop();
  }, [token, userId, queryClient]);
}
