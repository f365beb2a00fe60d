import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_TEXT, ReconnectingSocket, userSocketUrl, type SocketLike } from './socket';

class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  onclose: SocketLike['onclose'] = null;
  sent: string[] = [];
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const messages: unknown[] = [];
  const s = new ReconnectingSocket({
    url: 'ws://h/jeecg-boot/websocket/u1',
    token: 'tok.en',
    onMessage: (m) => messages.push(m),
    factory: (url, protocols) => {
      const f = new FakeSocket(url, protocols);
      sockets.push(f);
      return f;
    },
  });
  return { s, sockets, messages };
}

describe('user socket client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the token as sub-protocol and passes parsed messages on', () => {
    const { s, sockets, messages } = setup();
    s.start();
    expect(sockets[0].protocols).toEqual(['tok.en']);
    sockets[0].open();
    sockets[0].receive('{"cmd":"topic","msgId":"1"}');
    sockets[0].receive('not json');
    sockets[0].receive(HEARTBEAT_TEXT);
    expect(messages).toEqual([{ cmd: 'topic', msgId: '1' }]);
    s.stop();
  });

  it('sends a heartbeat every 10 s and reconnects 5 s after a heartbeat goes unanswered for 6 s', () => {
    const { s, sockets } = setup();
    s.start();
    sockets[0].open();
    vi.advanceTimersByTime(10_000);
    expect(sockets[0].sent).toEqual([HEARTBEAT_TEXT]);
    sockets[0].receive(HEARTBEAT_TEXT); // answered: stays
    vi.advanceTimersByTime(10_000);
    expect(sockets[0].sent).toHaveLength(2);
    vi.advanceTimersByTime(6_000); // unanswered
    expect(sockets[0].closed).toBe(true);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(2);
    s.stop();
  });

  it('schedules one reconnect for a burst of errors and closes', () => {
    const { s, sockets } = setup();
    s.start();
    sockets[0].onerror?.({});
    sockets[0].onclose?.({});
    vi.advanceTimersByTime(4_999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    s.stop();
  });

  it('never reconnects after stop (logout)', () => {
    const { s, sockets } = setup();
    s.start();
    sockets[0].open();
    s.stop();
    expect(sockets[0].closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('builds the socket URL from the API base', () => {
    expect(userSocketUrl('/jeecg-boot', 'u 1', { protocol: 'https:', host: 'a.b' })).toBe('wss://a.b/jeecg-boot/websocket/u%201');
    expect(userSocketUrl('http://x:8080/api/', 'u', { protocol: 'https:', host: 'a.b' })).toBe('ws://x:8080/api/websocket/u');
  });
});
