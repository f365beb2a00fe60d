import parserPkg from 'node-sql-parser';
import { businessError } from '../../../platform/http/errors.js';

const { Parser } = parserPkg;
const parser = new Parser();

/** The SQL dialects a report can run on: the app database or a configured data source. */
export type ReportDialect = 'postgres' | 'sqlite' | 'mysql';

/** A report SQL template cut into literal SQL text, `${param}` placeholders and `#{sys_var}` system variables. */
export type Piece =
  | { kind: 'sql'; text: string }
  | { kind: 'param'; name: string; inString: boolean }
  | { kind: 'sysvar'; name: string; inString: boolean };

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * Reads the template once, left to right, knowing quotes and comments: comments are dropped, a placeholder
 * inside a single-quoted literal becomes a concatenation of the literal's parts and a bound value, one
 * outside becomes a bound value. Nothing the user typed is ever spliced into SQL text.
 */
export function tokenize(template: string): Piece[] {
  const out: Piece[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ kind: 'sql', text: buf });
    buf = '';
  };
  const placeholder = (at: number, inString: boolean): { piece: Piece; end: number } | null => {
    const open = template.slice(at, at + 2);
    if (open !== '${' && open !== '#{') return null;
    const close = template.indexOf('}', at + 2);
    if (close < 0) throw businessError('SQL 中的参数占位符没有闭合');
    const name = template.slice(at + 2, close).trim();
    if (!NAME.test(name)) throw businessError(`参数名“${name}”不合法：只允许字母、数字和下划线`);
    return { piece: { kind: open === '${' ? 'param' : 'sysvar', name, inString } as Piece, end: close + 1 };
  };
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    if (c === '-' && template[i + 1] === '-') {
      const nl = template.indexOf('\n', i);
      i = nl < 0 ? template.length : nl;
      buf += ' ';
      continue;
    }
    if (c === '/' && template[i + 1] === '*') {
      const end = template.indexOf('*/', i + 2);
      if (end < 0) throw businessError('SQL 中的注释没有闭合');
      i = end + 2;
      buf += ' ';
      continue;
    }
    if (c === '"' || c === '`') {
      const end = template.indexOf(c, i + 1);
      if (end < 0) throw businessError('SQL 中的标识符引号没有闭合');
      buf += template.slice(i, end + 1);
      i = end + 1;
      continue;
    }
    if (c === "'") {
      // A string literal: its text parts stay literals, its placeholders become bound values.
      flush();
      const parts: Piece[] = [];
      let lit = '';
      let j = i + 1;
      for (;;) {
        if (j >= template.length) throw businessError('SQL 中的字符串没有闭合');
        const d = template[j];
        if (d === '\\') throw businessError('SQL 字符串中不允许反斜杠转义');
        if (d === "'") {
          if (template[j + 1] === "'") {
            lit += "''";
            j += 2;
            continue;
          }
          break;
        }
        const ph = placeholder(j, true);
        if (ph) {
          if (lit) parts.push({ kind: 'sql', text: `'${lit}'` });
          lit = '';
          parts.push(ph.piece);
          j = ph.end;
          continue;
        }
        lit += d;
        j++;
      }
      if (lit || parts.length === 0) parts.push({ kind: 'sql', text: `'${lit}'` });
      i = j + 1;
      if (parts.length === 1 && parts[0].kind === 'sql') out.push(parts[0]);
      else {
        out.push({ kind: 'sql', text: '\u0000concat(' });
        parts.forEach((p, k) => {
          if (k > 0) out.push({ kind: 'sql', text: '\u0000,' });
          out.push(p);
        });
        out.push({ kind: 'sql', text: '\u0000)' });
      }
      continue;
    }
    if (c === ';') throw businessError('报表 SQL 只能是一条查询语句，不能包含分号');
    if (c === '\\') throw businessError('报表 SQL 中不允许反斜杠');
    const ph = placeholder(i, false);
    if (ph) {
      flush();
      out.push(ph.piece);
      i = ph.end;
      continue;
    }
    buf += c;
    i++;
  }
  flush();
  return out;
}

/** Names of the `${param}` placeholders, in order of first use. */
export function paramNames(pieces: Piece[]): string[] {
  return [...new Set(pieces.flatMap((p) => (p.kind === 'param' ? [p.name] : [])))];
}

export interface Rendered {
  sql: string;
  values: unknown[];
}

/**
 * Renders the pieces for a dialect: placeholders become `$n` (PostgreSQL) or `?` (SQLite, MySQL), literal
 * concatenations `a || b` or CONCAT(a, b). `value` gives each placeholder's bound value; with `value`
 * omitted every placeholder renders as NULL (the text that is parsed to check the statement).
 */
export function render(
  pieces: Piece[],
  dialect: ReportDialect,
  value?: (p: Extract<Piece, { kind: 'param' | 'sysvar' }>) => unknown,
  startAt = 1,
): Rendered {
  const values: unknown[] = [];
  let sql = '';
  let concatDepth = 0;
  for (const p of pieces) {
    if (p.kind === 'sql') {
      if (p.text === '\u0000concat(') {
        sql += dialect === 'mysql' ? 'CONCAT(' : '(';
        concatDepth++;
      } else if (p.text === '\u0000,') sql += dialect === 'mysql' ? ', ' : ' || ';
      else if (p.text === '\u0000)') {
        sql += ')';
        concatDepth--;
      } else sql += p.text;
      continue;
    }
    if (!value) {
      sql += concatDepth > 0 ? "''" : 'NULL';
      continue;
    }
    values.push(value(p));
    sql += dialect === 'postgres' ? `$${startAt + values.length - 1}` : '?';
    // PostgreSQL cannot infer the type of a parameter concatenated to text.
    if (dialect === 'postgres' && p.inString) sql += '::text';
  }
  return { sql, values };
}

const DIALECT: Record<ReportDialect, string> = { postgres: 'PostgresQL', sqlite: 'Sqlite', mysql: 'MariaDB' };

/** Functions a report may call: aggregates, text, numbers, dates, null handling. Nothing that sleeps, reads files or talks to the server. */
export const ALLOWED_FUNCTIONS = new Set(
  [
    'count', 'sum', 'avg', 'min', 'max', 'group_concat', 'string_agg', 'array_agg',
    'coalesce', 'ifnull', 'nullif', 'isnull', 'nvl', 'greatest', 'least', 'if', 'iif',
    'concat', 'concat_ws', 'substr', 'substring', 'left', 'right', 'length', 'char_length', 'character_length',
    'upper', 'lower', 'trim', 'ltrim', 'rtrim', 'replace', 'lpad', 'rpad', 'instr', 'position', 'strpos', 'format',
    'round', 'floor', 'ceil', 'ceiling', 'abs', 'mod', 'power', 'sqrt', 'sign', 'trunc', 'truncate',
    'now', 'current_date', 'current_timestamp', 'date', 'time', 'datetime', 'strftime', 'julianday', 'date_format',
    'to_char', 'to_date', 'to_number', 'date_part', 'date_trunc', 'year', 'month', 'day', 'dayofmonth', 'week',
    'quarter', 'datediff', 'timestampdiff', 'date_add', 'date_sub', 'age', 'extract', 'cast', 'convert',
    'row_number', 'rank', 'dense_rank', 'lag', 'lead', 'first_value', 'last_value', 'ntile', 'percent_rank',
  ],
);

function functionName(node: Record<string, unknown>): string {
  const n = node.name as unknown;
  if (typeof n === 'string') return n.toLowerCase();
  if (n && typeof n === 'object') {
    const parts = (n as { name?: { value?: string }[] }).name;
    if (Array.isArray(parts)) return parts.map((x) => String(x.value ?? '')).join('.').toLowerCase();
  }
  return '';
}

function walk(node: unknown, visit: (n: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const x of node) walk(x, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  visit(o);
  for (const k of Object.keys(o)) walk(o[k], visit);
}

export interface Checked {
  /** Real tables the statement reads, lower-cased. */
  tables: string[];
}

/**
 * Parses the statement (placeholders rendered as NULL) and accepts only a single SELECT (or WITH … SELECT)
 * over allowed tables and functions. `allowTable` answers for one lower-cased table name.
 */
export function checkSelect(pieces: Piece[], dialect: ReportDialect, allowTable: (t: string) => boolean): Checked {
  const text = render(pieces, dialect).sql;
  if (/\brecursive\b/i.test(pieces.map((p) => (p.kind === 'sql' && !p.text.startsWith("'") ? p.text : ' ')).join(' ')))
    throw businessError('报表 SQL 不支持递归查询');
  let ast: unknown;
  try {
    ast = parser.astify(text, { database: DIALECT[dialect] });
  } catch (e) {
    throw businessError(`报表 SQL 无法解析：${(e as Error).message.split('\n')[0].slice(0, 160)}`);
  }
  const list = Array.isArray(ast) ? ast : [ast];
  if (list.length !== 1) throw businessError('报表 SQL 只能是一条查询语句');
  const stmt = list[0] as Record<string, unknown>;
  if (stmt.type !== 'select') throw businessError('报表 SQL 只能是查询语句（SELECT）');
  const cteNames = new Set<string>();
  const problems: string[] = [];
  walk(stmt, (n) => {
    if (n.type === 'select') {
      const into = n.into as { expr?: unknown; type?: string } | null | undefined;
      if (into && into.expr) problems.push('报表 SQL 不能使用 SELECT … INTO');
      if (n.locking_read || n.for_update) problems.push('报表 SQL 不能加锁（FOR UPDATE）');
      const w = n.with as { name?: { value?: string } | string }[] | null | undefined;
      if (Array.isArray(w)) for (const c of w) cteNames.add(String(typeof c.name === 'string' ? c.name : (c.name?.value ?? '')).toLowerCase());
    }
    if (n.type === 'function' || n.type === 'aggr_func') {
      const name = functionName(n);
      if (!ALLOWED_FUNCTIONS.has(name)) problems.push(`报表 SQL 不允许调用函数 ${name || '(未知)'}`);
    }
    if (typeof n.type === 'string' && ['insert', 'update', 'delete', 'replace', 'create', 'drop', 'alter', 'truncate', 'grant', 'call', 'exec', 'set', 'lock'].includes(n.type))
      problems.push('报表 SQL 只能是查询语句（SELECT）');
  });
  if (problems.length) throw businessError(problems[0]);
  let tables: string[];
  try {
    tables = parser.tableList(text, { database: DIALECT[dialect] });
  } catch {
    throw businessError('报表 SQL 无法解析');
  }
  const real = new Set<string>();
  for (const entry of tables) {
    const [op, schema, table] = entry.split('::');
    if (op !== 'select') throw businessError('报表 SQL 只能是查询语句（SELECT）');
    const t = table.toLowerCase();
    if (schema && schema !== 'null' && schema.toLowerCase() !== 'public')
      throw businessError(`报表 SQL 不能读取 ${schema}.${table}`);
    if (cteNames.has(t)) continue;
    real.add(t);
  }
  for (const t of real) if (!allowTable(t)) throw businessError(`报表不允许读取表 ${t}（请先在“可查询的表”中放行）`);
  return { tables: [...real] };
}

/** Quotes a report column for the dialect; columns come from the report's own configuration. */
export function quoteIdent(name: string, dialect: ReportDialect): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name)) throw businessError(`字段名“${name}”不合法`);
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}
