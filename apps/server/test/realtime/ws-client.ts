import WebSocket from 'ws';

/** A test socket that keeps every text message it receives. */
export interface TestSocket {
  ws: WebSocket;
  messages: string[];
  /** Resolves with the first message (already received or future) matching the predicate. */
  next(pred?: (msg: string) => boolean, timeoutMs?: number): Promise<string>;
  close(): void;
}

/** Opens a socket; rejects with the HTTP status when the handshake is refused. */
export function openSocket(url: string, protocols?: string[]): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const messages: string[] = [];
    const waiters: { pred: (m: string) => boolean; resolve: (m: string) => void }[] = [];
    ws.on('message', (data) => {
      const text = data.toString();
      messages.push(text);
      for (const w of [...waiters]) {
        if (w.pred(text)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(text);
        }
      }
    });
    ws.on('unexpected-response', (_req, res) => {
      reject(new Error(`refused ${res.statusCode}`));
      ws.terminate();
    });
    ws.on('error', (err) => reject(err));
    ws.on('open', () =>
      resolve({
        ws,
        messages,
        next(pred = () => true, timeoutMs = 5000) {
          const found = messages.find(pred);
          if (found !== undefined) return Promise.resolve(found);
          return new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error('no matching message')), timeoutMs);
            waiters.push({
              pred,
              resolve: (m) => {
                clearTimeout(timer);
                res(m);
              },
            });
          });
        },
        close() {
          ws.close();
        },
      }),
    );
  });
}

/** Waits a little so that a message that should NOT arrive has had its chance. */
export const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));

/** Polls until the condition holds (rejects after `timeoutMs`). */
export async function waitFor(cond: () => boolean | Promise<boolean>, timeoutMs = 10_000, stepMs = 25): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}
