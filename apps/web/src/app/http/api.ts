import {
  announcementEndpoints,
  messageEndpoints,
  jobEndpoints,
  monitorEndpoints,
  dashboardEndpoints,
  workflowEndpoints,
  systemEndpoints,
  fillPath,
  type EndpointDecl,
  type EndpointInput,
  type EndpointResult,
  type InputOptional,
} from '@go/contract';
import { HttpError, request, type Envelope, type RequestOptions } from './client';

/**
 * The typed API client: `api.<domain>.<name>(input)` calls the endpoint declared in the contract
 * (`packages/contract/src/<domain>/endpoints.ts`) through `request` of client.ts — signing, AES envelope, headers,
 * timeouts and the HTTP error notices stay there — and answers the envelope's `result`. An answer with
 * `success: false` (a business refusal) rejects with an `ApiError` carrying its message; like the plain
 * helpers, nothing is shown for it here: the caller shows the text (docs/contract.md, "Calling the server from the web").
 */

/** A business refusal: the envelope answered `success: false`; `message` is the text to show. */
export class ApiError extends Error {
  readonly code: number;
  constructor(readonly envelope: Envelope) {
    super(envelope?.message ?? '');
    this.name = 'ApiError';
    this.code = Number(envelope?.code ?? 500);
  }
}

/** Per-call options: what client.ts's request takes besides the URL, the query and the body. */
export type CallOptions = Pick<RequestOptions, 'silent' | 'timeout' | 'headers' | 'noEncrypt'> & {
  /** Query parameters beside a body (the few POST routes that read both). */
  params?: RequestOptions['params'];
};

/** A successful answer with its message (for screens that show the server's text). */
export interface Answer<R> {
  result: R;
  message: string;
  code: number;
}

type Args<E extends EndpointDecl> = InputOptional<E> extends true
  ? [input?: EndpointInput<E>, opts?: CallOptions]
  : [input: EndpointInput<E>, opts?: CallOptions];

export interface Call<E extends EndpointDecl> {
  (...args: Args<E>): Promise<EndpointResult<E>>;
  /** The same call, answering the message and code too. */
  answer(...args: Args<E>): Promise<Answer<EndpointResult<E>>>;
  /** The declared path (for components that take a URL, e.g. the list page's `url`). */
  readonly path: E['path'];
  readonly method: E['method'];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
}

async function send(ep: EndpointDecl, input: unknown, opts: CallOptions = {}): Promise<Answer<unknown>> {
  const filled = ep.path.includes(':') ? fillPath(ep.path, input as Record<string, unknown>) : { url: ep.path, rest: input };
  const { params, ...rest } = opts;
  const reqOpts: RequestOptions = { ...rest, noEncrypt: ep.noEncrypt || opts.noEncrypt };
  if (ep.method === 'GET' || ep.method === 'DELETE') {
    reqOpts.params = { ...(isPlainObject(filled.rest) ? filled.rest : {}), ...params };
  } else {
    reqOpts.params = params;
    if (filled.rest !== undefined) reqOpts.data = filled.rest;
  }
  const answer = await request<Envelope | unknown>(ep.method, filled.url, reqOpts);
  if (ep.bare) return { result: answer, message: '', code: 200 };
  const env = answer as Envelope;
  if (!env || typeof env !== 'object' || env.success !== true) throw new ApiError(env);
  return { result: env.result, message: env.message ?? '', code: env.code };
}

/** A callable for one declaration. */
export function call<E extends EndpointDecl>(ep: E): Call<E> {
  const fn = (async (input?: unknown, opts?: CallOptions) => (await send(ep, input, opts)).result) as unknown as Call<E>;
  Object.assign(fn, {
    answer: (input?: unknown, opts?: CallOptions) => send(ep, input, opts),
    path: ep.path,
    method: ep.method,
  });
  return fn;
}

function group<G extends Record<string, EndpointDecl>>(g: G): { [K in keyof G]: Call<G[K]> } {
  return Object.fromEntries(Object.entries(g).map(([k, ep]) => [k, call(ep)])) as unknown as { [K in keyof G]: Call<G[K]> };
}

export const api = {
  announcement: group(announcementEndpoints),
  message: group(messageEndpoints),
  jobs: group(jobEndpoints),
  monitor: group(monitorEndpoints),
  dashboard: group(dashboardEndpoints),
  workflow: group(workflowEndpoints),
  system: group(systemEndpoints),
};

/**
 * Runs a call for its effect, the way screens did with the plain helpers: a refusal's message goes to
 * `onRefused` (and the call answers undefined); an HTTP failure, already shown by the client, answers undefined.
 */
export async function settle<T>(p: Promise<T>, onRefused: (message: string) => void): Promise<T | undefined> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof ApiError) onRefused(e.message);
    else if (!(e instanceof HttpError)) throw e;
    return undefined;
  }
}

/** The input type of a call (e.g. to type a form's values): `InputOf<typeof api.announcement.add>`. */
export type InputOf<C> = C extends Call<infer E> ? EndpointInput<E> : never;
/** The result type of a call. */
export type ResultOf<C> = C extends Call<infer E> ? EndpointResult<E> : never;
