import { CompiledQuery, PostgresAdapter, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type pg from 'pg';
import type { Database } from './database.js';

/**
 * PostgreSQL: SQL texts sent as named (server-side prepared) statements, with their names. Each
 * connection parses and plans such a text once and then only binds values (PostgreSQL switches to a
 * generic plan after five executions when it costs no more). Bounded: texts beyond the limit are sent
 * unnamed as before.
 */
const statementNames = new Map<string, string>();
const MAX_NAMED = 500;

/** Sends `text` as a named statement on PostgreSQL from now on (the query shapes of hot paths). */
export function nameStatement(text: string): void {
  if (statementNames.has(text) || statementNames.size >= MAX_NAMED) return;
  statementNames.set(text, `s${statementNames.size}`);
}

/**
 * Installs the named statements on a pool's new connections: a query whose text was named goes out with
 * its name (parsed once per connection; a failed parse is not remembered, so it is parsed again).
 */
export function useNamedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [text, values] = args;
      const name = typeof text === 'string' && Array.isArray(values) && args.length === 2 ? statementNames.get(text) : undefined;
      return name ? query({ name, text, values }) : query(...args);
    };
  });
}

/** Marks an argument while the query is built once; never a real value (it holds a NUL). */
const marker = (i: number) => `\u0000prepared-arg-${i}\u0000`;

interface Shape {
  sql: string;
  /** per parameter: the index of the argument it takes, or the constant the build put there */
  params: ({ arg: number } | { value: unknown })[];
}

/** The shape of a query built once per SQL dialect (see `prepared`). */
function shapes<A extends unknown[]>(build: (db: Database, ...args: A) => Compilable, arity: number) {
  const byAdapter = new WeakMap<object, Shape>();
  return (db: Database): Shape => {
    const adapter = db.getExecutor().adapter;
    const hit = byAdapter.get(adapter);
    if (hit) return hit;
    const markers = Array.from({ length: arity }, (_, i) => marker(i));
    const c = build(db, ...(markers as A)).compile();
    const params = c.parameters.map((p) => {
      const arg = typeof p === 'string' ? markers.indexOf(p) : -1;
      return arg >= 0 ? { arg } : { value: p };
    });
    for (let i = 0; i < arity; i++) {
      if (!params.some((p) => 'arg' in p && p.arg === i)) throw new Error(`prepared query: argument ${i} is not a bound parameter`);
    }
    const shape = { sql: c.sql, params };
    byAdapter.set(adapter, shape);
    if (adapter instanceof PostgresAdapter) nameStatement(c.sql);
    return shape;
  };
}

const bound = (shape: Shape, args: unknown[]) => CompiledQuery.raw(shape.sql, shape.params.map((p) => ('arg' in p ? args[p.arg] : p.value)));

/**
 * A query whose shape never changes, built and compiled once per SQL dialect: later calls only put their
 * arguments into the parameters, with no query builder, plugin pass or compilation. `build` must pass
 * each argument through as a plain bound value (`where(col, '=', arg)`), which is checked on the first
 * build; results still go through the database's plugins (the camelCase mapping) as usual.
 */
export function prepared<R, A extends unknown[]>(build: (db: Database, ...args: A) => Compilable<R>, arity: A['length']) {
  const shapeFor = shapes(build, arity);
  return (db: Database, ...args: A): Promise<QueryResult<R>> => db.executeQuery<R>(bound(shapeFor(db), args));
}

/**
 * `prepared` for a statement that is not run at once (a write joined with others, see `asOneStatement`):
 * returns the statement with its arguments bound, to compile or run later.
 */
export function preparedWrite<A extends unknown[]>(build: (db: Database, ...args: A) => Compilable, arity: A['length']) {
  const shapeFor = shapes(build, arity);
  return (db: Database, ...args: A): Compilable => {
    const q = bound(shapeFor(db), args);
    return { compile: () => q };
  };
}

/** A single-row INSERT of the given columns of `table`, built once (`preparedWrite`); the row's values are bound. */
export function preparedInsert<T>(table: string, columns: readonly (keyof T & string)[]) {
  const write = preparedWrite(
    (db: Database, ...values: unknown[]) =>
      (db as unknown as Kysely<Record<string, Record<string, unknown>>>).insertInto(table).values(Object.fromEntries(columns.map((c, i) => [c, values[i]]))),
    columns.length,
  );
  return (db: Database, row: T): Compilable => write(db, ...columns.map((c) => row[c]));
}

/**
 * PostgreSQL: independent statements as the data-modifying CTEs `w0`, `w1`… of one statement (their
 * parameters renumbered), followed by `tail` (more SQL, or a last statement). None of them sees another's
 * effect, so none may touch a row another writes.
 */
export function asOneStatement(ctes: Compilable[], tail: Compilable | string): CompiledQuery {
  const parts: string[] = [];
  const params: unknown[] = [];
  const renumbered = (q: Compilable) => {
    const c = q.compile();
    const offset = params.length;
    params.push(...c.parameters);
    return c.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  for (const [i, q] of ctes.entries()) parts.push(`w${i} as (${renumbered(q)})`);
  const last = typeof tail === 'string' ? tail : renumbered(tail);
  return CompiledQuery.raw(`with ${parts.join(', ')} ${last}`, params);
}
