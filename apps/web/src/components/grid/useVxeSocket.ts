import { useEffect, useMemo, useRef } from 'react';
import { runtimeConfig } from '../../app/config';
import { useSession } from '../../app/session/store';
import type { LiveSource, VxeSocketMessage } from './types';

/** Heartbeat every 10 s with a 6 s timeout, reconnect 5 s after an error or close (docs/contract.md, "Limits and constants"). */
export const VXE_SOCKET = { heartbeatMs: 10000, heartbeatTimeoutMs: 6000, reconnectMs: 5000 } as const;

/** The table socket URL on the API's host (wss when the page is https). */
export function vxeSocketUrl(userId: string, pageId: string): string {
  const base = runtimeConfig().baseURL;
  const origin = /^https?:\/\//.test(base) ? new URL(base).origin : window.location.origin;
  const path = /^https?:\/\//.test(base) ? new URL(base).pathname : base;
  return `${origin.replace(/^http/, 'ws')}${path.replace(/\/$/, '')}/vxeSocket/${encodeURIComponent(userId)}/${encodeURIComponent(pageId)}`;
}

/**
 * Connects the grid to `/vxeSocket/{userId}/{pageId}` and hands out its messages as a LiveSource.
 * Unparsable messages are ignored; the socket closes when the page unmounts or the user signs out.
 */
export function useVxeSocket(pageId: string | null | undefined, enabled = true): LiveSource {
  const listeners = useRef(new Set<(m: VxeSocketMessage) => void>());
  const socketRef = useRef<WebSocket | null>(null);
  const userId = useSession((s) => s.userInfo?.id);
  const token = useSession((s) => s.token);

  useEffect(() => {
    if (!enabled || !pageId || !userId || !token || typeof WebSocket === 'undefined') return;
    let ws: WebSocket | null = null;
    let stopped = false;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let pongTimer: ReturnType<typeof setTimeout> | undefined;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      if (stopped) return;
      try {
        ws = new WebSocket(vxeSocketUrl(userId, pageId), [token]);
        socketRef.current = ws;
      } catch {
        reconnect = setTimeout(connect, VXE_SOCKET.reconnectMs);
        return;
      }
      ws.onopen = () => {
        heartbeat = setInterval(() => {
          if (ws?.readyState !== WebSocket.OPEN) return;
          ws.send(JSON.stringify({ type: 'heart_beat', data: '-' }));
          pongTimer = setTimeout(() => ws?.close(), VXE_SOCKET.heartbeatTimeoutMs);
        }, VXE_SOCKET.heartbeatMs);
      };
      ws.onmessage = (e) => {
        clearTimeout(pongTimer);
        if (String(e.data).length > 1_000_000) return;
        let msg: VxeSocketMessage;
        try {
          msg = JSON.parse(String(e.data)) as VxeSocketMessage;
        } catch {
          return;
        }
        if (!msg || typeof msg.type !== 'string' || msg.type === 'heart_beat') return;
        listeners.current.forEach((l) => l(msg));
      };
      ws.onclose = () => {
        clearInterval(heartbeat);
        clearTimeout(pongTimer);
        if (!stopped) reconnect = setTimeout(connect, VXE_SOCKET.reconnectMs);
      };
      ws.onerror = () => ws?.close();
    };
    connect();
    return () => {
      stopped = true;
      socketRef.current = null;
      clearInterval(heartbeat);
      clearTimeout(pongTimer);
      clearTimeout(reconnect);
      ws?.close();
    };
  }, [pageId, userId, token, enabled]);

  return useMemo<LiveSource>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
      send(msg) {
        const ws = socketRef.current;
        if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
      },
    }),
    [],
  );
}
