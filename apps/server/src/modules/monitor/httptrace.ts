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

/** What is kept of one request: raw values only, formatted when the trace is read. */
interface RawTrace {
  at: number;
  method: string;
  url: string;
  ip: string;
  status: number;
  user: string | null;
  elapsed: number;
}

/**
 * A ring buffer of the most recent requests for `/actuator/httptrace` (newest first), per instance.
 * Recording runs on every request, so it only copies a few values; dates and masked URIs are made on read.
 */
export class HttpTrace {
  private readonly buf: RawTrace[] = [];
  private next = 0;
  count = 0;

  constructor(private readonly size = 100) {}

  private push(r: RawTrace): void {
    this.count++;
    if (this.buf.length < this.size) this.buf.push(r);
    else this.buf[this.next] = r;
    this.next = (this.next + 1) % this.size;
  }

  list(): TraceEntry[] {
    const ordered = this.buf.length < this.size ? [...this.buf] : [...this.buf.slice(this.next), ...this.buf.slice(0, this.next)];
    return ordered.reverse().map((r) => ({
      timestamp: new Date(r.at).toISOString(),
      request: { method: r.method, uri: safeUri(r.url), remoteAddress: r.ip },
      response: { status: r.status },
      principal: r.user === null ? null : { name: r.user },
      timeTaken: r.elapsed,
    }));
  }

  /** Records every request answered in this context (the API prefix). */
  install(app: Api): void {
    app.addHook('onResponse', (req, reply, done) => {
      this.push({
        at: Date.now(),
        method: req.method,
        url: req.url,
        ip: req.ip,
        status: reply.statusCode,
        user: req.user ? req.user.username : null,
        elapsed: Math.round(reply.elapsedTime),
      });
      done();
    });
  }
}
