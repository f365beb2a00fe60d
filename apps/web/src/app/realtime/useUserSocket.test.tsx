import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session/store';
import { REALTIME_KEYS } from './keys';
import { useUserSocket } from './useUserSocket';

class FakeWebSocket {
  static all: FakeWebSocket[] = [];
  readyState = 0;
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  onclose: ((e: unknown) => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeWebSocket.all.push(this);
  }
  send() {}
  close() {
    this.closed = true;
  }
}

describe('useUserSocket', () => {
  const original = globalThis.WebSocket;
  beforeEach(() => {
    FakeWebSocket.all = [];
    (globalThis as unknown as { WebSocket: unknown }).WebSocket = FakeWebSocket;
    useSession.setState({ token: 'tok.en', userInfo: { id: 'u1', username: 'chenjing', realname: '陈静' } });
  });
  afterEach(() => {
    cleanup();
    (globalThis as unknown as { WebSocket: unknown }).WebSocket = original;
    useSession.setState({ token: null, userInfo: null });
  });

  it('opens the user socket with the token, refreshes the to-do badge on any message and the notices on topic/user', () => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    renderHook(() => useUserSocket(), { wrapper });
    expect(FakeWebSocket.all).toHaveLength(1);
    const ws = FakeWebSocket.all[0];
    expect(ws.url).toMatch(/\/websocket\/u1$/);
    expect(ws.protocols).toEqual(['tok.en']);

    ws.onmessage?.({ data: JSON.stringify({ cmd: 'heartcheck' }) });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([REALTIME_KEYS.todoBadge]);
    spy.mockClear();
    ws.onmessage?.({ data: JSON.stringify({ cmd: 'user', msgId: '1', msgTxt: 't' }) });
    expect(spy.mock.calls.map((c) => c[0]?.queryKey)).toEqual([REALTIME_KEYS.todoBadge, REALTIME_KEYS.notices]);
  });

  it('closes the socket for good when the session ends (logout)', () => {
    vi.useFakeTimers();
    try {
      const client = new QueryClient();
      const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
      renderHook(() => useUserSocket(), { wrapper });
      const ws = FakeWebSocket.all[0];
      act(() => {
        useSession.setState({ token: null, userInfo: null });
      });
      expect(ws.closed).toBe(true);
      vi.advanceTimersByTime(30_000);
      expect(FakeWebSocket.all).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
