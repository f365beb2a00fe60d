import type { Api } from '../../platform/http/api.js';

export interface TraceEntry {
  timestamp: string;
  request: { method: string; uri: string; remoteAddress: string };
  response: { status: number };
  principal: { name: string } | null;
  timeTaken: number;
}

const SECRET_PARAMS = /^(token|x-access-token|password|captcha)$/i;

/** The request URI with secret query values masked. */
export function safeUri(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_PARAMS.test(k)) params.set(k, '******');
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

/** A ring buffer of the most recent requests for `/actuator/httptrace` (newest first), per instance. */
export class HttpTrace {
  private readonly buf: TraceEntry[] = [];
  private next = 0;
  count = 0;

  constructor(private readonly size = 100) {}

  add(e: TraceEntry): void {
    this.count++;
    if (this.buf.length < this.size) this.buf.push(e);
    else this.buf[this.next] = e;
    this.next = (this.next + 1) % this.size;
  }

  list(): TraceEntry[] {
    const ordered = this.buf.length < this.size ? [...this.buf] : [...this.buf.slice(this.next), ...this.buf.slice(0, this.next)];
    return ordered.reverse();
  }

  /** Records every request answered in this context (the API prefix). */
  install(app: Api): void {
    app.addHook('onResponse', async (req, reply) => {
      this.add({
        timestamp: new Date().toISOString(),
        request: { method: req.method, uri: safeUri(req.url), remoteAddress: req.ip },
        response: { status: reply.statusCode },
        principal: req.user ? { name: req.user.username } : null,
        timeTaken: Math.round(reply.elapsedTime),
      });
    });
  }
}
