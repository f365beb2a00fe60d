import { z } from 'zod';

/**
 * Endpoint declarations: one per route the web calls, naming its method, its path (relative to
 * `BASE_PATH`, `:name` for a path segment), the zod schemas of its query and body (the ones the server
 * validates with) and the schema of its envelope's `result`. The web's typed client (`apps/web/src/app/http/api.ts`)
 * is built from them; the server registers a route from the same declaration where it can (`route(app, ep, …)`).
 * docs/contract.md, "Calling the server from the web".
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDecl {
  method: HttpMethod;
  path: string;
  /** Query parameters (GET and DELETE: the call's input). */
  query?: z.ZodType;
  /** JSON body (POST and PUT: the call's input). */
  body?: z.ZodType;
  /** The envelope's `result`. */
  result: z.ZodType;
  /** The body goes as plain JSON, never in the AES envelope (the routes the stock client sends in clear). */
  noEncrypt?: boolean;
  /** The answer is not an envelope: `result` declares the whole JSON body (the actuator's trace list). */
  bare?: boolean;
}

/** Declares an endpoint (the identity, keeping the literal types for the client). */
export const endpoint = <const E extends EndpointDecl>(e: E): E => e;

/** The `:name` segments of a path template. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type PathInput<P extends string> = [PathParamNames<P>] extends [never] ? unknown : { [K in PathParamNames<P>]: string | number };

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : unknown;

/** What a call sends: the path segments plus the query (GET, DELETE) or the body (POST, PUT). */
export type EndpointInput<E extends EndpointDecl> = PathInput<E['path']> &
  (E['method'] extends 'GET' | 'DELETE' ? SchemaInput<E['query']> : SchemaInput<E['body']>);

/** What a call answers: the envelope's result. */
export type EndpointResult<E extends EndpointDecl> = z.output<E['result']>;

/** Whether the call may be made without an argument. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "an argument of no properties would do"
export type InputOptional<E extends EndpointDecl> = {} extends EndpointInput<E> ? true : false;

/** Fills a path template's `:name` segments (URI-encoded) and returns the rest of the input. */
export function fillPath(path: string, input: Record<string, unknown> | undefined): { url: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(input ?? {}) };
  const url = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const v = rest[name];
    delete rest[name];
    if (v === undefined || v === null || v === '') throw new Error(`missing path segment ${name} of ${path}`);
    return encodeURIComponent(String(v));
  });
  return { url, rest };
}

/** The result of a message-only answer: `okMessage(text)` repeats the text, `ok(null)` has none. */
export const messageResult = z.string().nullable();
