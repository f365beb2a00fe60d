/**
 * A small, safe evaluator for conditions and assignment expressions over the instance variables, e.g.
 * `${amount > 5000 && type == 'travel'}` or `${nrOfCompletedInstances / nrOfInstances >= 0.6}`.
 * Grammar: ternary `c ? a : b`, or/and/not (also `||`, `&&`, `!`), comparisons `== != > >= < <=` (also eq ne
 * gt ge lt le), arithmetic `+ - * / %` (also div mod), parentheses, numbers, quoted strings,
 * true/false/null, `empty x`, and variable paths (`a.b`).
 * It never calls eval or Function: the text is tokenised and walked by a recursive-descent parser.
 */
export type Vars = Record<string, unknown>;

type Tok =
  | { t: 'num'; v: number }
  | { t: 'str'; v: string }
  | { t: 'id'; v: string }
  | { t: 'op'; v: string }
  | { t: 'end' };

export class ExpressionError extends Error {}

const WORD_OPS: Record<string, string> = {
  div: '/',
  mod: '%',
  and: '&&',
  or: '||',
  not: '!',
  eq: '==',
  ne: '!=',
  gt: '>',
  ge: '>=',
  lt: '<',
  le: '<=',
  empty: 'empty',
};

function tokenize(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      const m = /^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?/.exec(src.slice(i))!;
      out.push({ t: 'num', v: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        s += src[j++];
      }
      if (j >= src.length) throw new ExpressionError('unterminated string');
      out.push({ t: 'str', v: s });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$\u4e00-\u9fa5]/.test(c)) {
      const m = /^[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*(?:\.[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*)*/.exec(src.slice(i))!;
      const word = m[0];
      if (Object.hasOwn(WORD_OPS, word)) out.push({ t: 'op', v: WORD_OPS[word] });
      else out.push({ t: 'id', v: word });
      i += word.length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (['==', '!=', '>=', '<=', '&&', '||'].includes(two)) {
      out.push({ t: 'op', v: two });
      i += 2;
      continue;
    }
    if ('<>!()-+*/%?:'.includes(c)) {
      out.push({ t: 'op', v: c });
      i++;
      continue;
    }
    throw new ExpressionError(`unexpected character '${c}'`);
  }
  out.push({ t: 'end' });
  return out;
}

type Node =
  | { k: 'lit'; v: unknown }
  | { k: 'var'; path: string[] }
  | { k: 'not'; e: Node }
  | { k: 'neg'; e: Node }
  | { k: 'empty'; e: Node }
  | { k: 'cond'; c: Node; a: Node; b: Node }
  | { k: 'bin'; op: string; l: Node; r: Node };

/**
 * Precedence, lowest first (as JUEL): `?:`, `|| or`, `&& and`, `== != eq ne`, `< > <= >= lt gt le ge`,
 * `+ -`, `* / % div mod`, unary `! not - empty`, then literals, names and parentheses.
 */
function parse(src: string): Node {
  const toks = tokenize(src);
  let p = 0;
  const peek = () => toks[p];
  const isOp = (v: string) => {
    const t = toks[p];
    return t.t === 'op' && t.v === v;
  };
  const expect = (v: string) => {
    if (!isOp(v)) throw new ExpressionError(`expected '${v}'`);
    p++;
  };
  const binary = (ops: string[], next: () => Node) => (): Node => {
    let l = next();
    for (;;) {
      const t = peek();
      if (t.t !== 'op' || !ops.includes(t.v)) return l;
      p++;
      l = { k: 'bin', op: t.v, l, r: next() };
    }
  };
  const unary = (): Node => {
    if (isOp('!')) {
      p++;
      return { k: 'not', e: unary() };
    }
    if (isOp('-')) {
      p++;
      return { k: 'neg', e: unary() };
    }
    if (isOp('empty')) {
      p++;
      return { k: 'empty', e: unary() };
    }
    return primary();
  };
  const mul = binary(['*', '/', '%'], unary);
  const add = binary(['+', '-'], mul);
  const rel = binary(['<', '>', '<=', '>='], add);
  const eq = binary(['==', '!='], rel);
  const and = binary(['&&'], eq);
  const or = binary(['||'], and);
  const ternary = (): Node => {
    const c = or();
    if (!isOp('?')) return c;
    p++;
    const a = ternary();
    expect(':');
    return { k: 'cond', c, a, b: ternary() };
  };
  const primary = (): Node => {
    const t = toks[p++];
    if (t.t === 'num' || t.t === 'str') return { k: 'lit', v: t.v };
    if (t.t === 'id') {
      if (t.v === 'true') return { k: 'lit', v: true };
      if (t.v === 'false') return { k: 'lit', v: false };
      if (t.v === 'null') return { k: 'lit', v: null };
      if (isOp('(')) throw new ExpressionError(`function or method calls are not supported (${t.v})`);
      return { k: 'var', path: t.v.split('.') };
    }
    if (t.t === 'op' && t.v === '(') {
      const e = ternary();
      expect(')');
      return e;
    }
    if (t.t === 'end') throw new ExpressionError('unexpected end of expression');
    throw new ExpressionError(`unexpected '${t.v}'`);
  };
  const node = ternary();
  if (peek().t !== 'end') throw new ExpressionError('unexpected text after expression');
  return node;
}

const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** A name the expression uses is not a variable of the instance (Activiti: "Unknown property used in expression"). */
export class UnknownVariableError extends ExpressionError {
  constructor(readonly variable: string) {
    super(`unknown variable '${variable}'`);
  }
}

function lookup(vars: Vars, path: string[]): unknown {
  const [head, ...rest] = path;
  if (FORBIDDEN.has(head) || !Object.prototype.hasOwnProperty.call(vars, head)) throw new UnknownVariableError(head);
  let cur: unknown = vars[head];
  for (const key of rest) {
    // a missing key of a map reads as null, as JUEL's map resolver does
    if (FORBIDDEN.has(key)) return null;
    if (cur === null || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, key)) return null;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

function arith(op: string, a: unknown, b: unknown): number {
  // EL coerces null to 0 in arithmetic; a non-numeric operand is an error, not NaN
  const na = a === null || a === undefined ? 0 : toNum(a);
  const nb = b === null || b === undefined ? 0 : toNum(b);
  if (na === null || nb === null) throw new ExpressionError(`cannot use '${String(na === null ? a : b)}' as a number`);
  switch (op) {
    case '+':
      return na + nb;
    case '-':
      return na - nb;
    case '*':
      return na * nb;
    case '/':
      if (nb === 0) throw new ExpressionError('division by zero');
      return na / nb;
    default:
      if (nb === 0) throw new ExpressionError('division by zero');
      return na % nb;
  }
}

function toNum(v: unknown): number | null {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return Number(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

function truthy(v: unknown): boolean {
  if (typeof v === 'string') return v !== '' && v !== 'false' && v !== '0';
  return Boolean(v);
}

function equal(a: unknown, b: unknown): boolean {
  if (a === undefined) a = null;
  if (b === undefined) b = null;
  if (a === null || b === null) return a === b;
  const na = toNum(a);
  const nb = toNum(b);
  if (na !== null && nb !== null && (typeof a === 'number' || typeof b === 'number')) return na === nb;
  return String(a) === String(b);
}

function compare(op: string, a: unknown, b: unknown): boolean {
  const na = toNum(a);
  const nb = toNum(b);
  let c: number;
  if (na !== null && nb !== null) c = na - nb;
  else if (a === null || a === undefined || b === null || b === undefined) return false;
  else c = String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
  switch (op) {
    case '>':
      return c > 0;
    case '>=':
      return c >= 0;
    case '<':
      return c < 0;
    default:
      return c <= 0;
  }
}

function evalNode(n: Node, vars: Vars): unknown {
  switch (n.k) {
    case 'lit':
      return n.v;
    case 'var':
      return lookup(vars, n.path);
    case 'not':
      return !truthy(evalNode(n.e, vars));
    case 'neg': {
      const v = toNum(evalNode(n.e, vars));
      return v === null ? null : -v;
    }
    case 'cond':
      return truthy(evalNode(n.c, vars)) ? evalNode(n.a, vars) : evalNode(n.b, vars);
    case 'empty': {
      const v = evalNode(n.e, vars);
      return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
    }
    case 'bin': {
      if (n.op === '&&') return truthy(evalNode(n.l, vars)) && truthy(evalNode(n.r, vars));
      if (n.op === '||') return truthy(evalNode(n.l, vars)) || truthy(evalNode(n.r, vars));
      const a = evalNode(n.l, vars);
      const b = evalNode(n.r, vars);
      if (n.op === '==') return equal(a, b);
      if (n.op === '!=') return !equal(a, b);
      if (['+', '-', '*', '/', '%'].includes(n.op)) return arith(n.op, a, b);
      return compare(n.op, a, b);
    }
  }
}

/** A piece of an expression text: literal text, or the body of one `${…}` / `#{…}`. */
type Segment = { lit: string } | { expr: string };

/**
 * Splits a text into literal parts and `${…}` / `#{…}` parts, as JUEL reads a composite expression
 * (`kermit_${loopCounter}`); braces inside quoted strings do not close an expression. `\${` is literal.
 */
export function segments(text: string): Segment[] {
  const out: Segment[] = [];
  let lit = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && (text[i + 1] === '$' || text[i + 1] === '#') && text[i + 2] === '{') {
      lit += text.slice(i + 1, i + 3);
      i += 3;
      continue;
    }
    if ((c === '$' || c === '#') && text[i + 1] === '{') {
      let j = i + 2;
      let depth = 1;
      let quote = '';
      for (; j < text.length; j++) {
        const d = text[j];
        if (quote) {
          if (d === '\\') j++;
          else if (d === quote) quote = '';
        } else if (d === '"' || d === "'") quote = d;
        else if (d === '{') depth++;
        else if (d === '}' && --depth === 0) break;
      }
      if (j >= text.length) throw new ExpressionError(`unterminated expression '${text.slice(i)}'`);
      if (lit) out.push({ lit });
      lit = '';
      out.push({ expr: text.slice(i + 2, j) });
      i = j + 1;
      continue;
    }
    lit += c;
    i++;
  }
  if (lit) out.push({ lit });
  return out;
}

/** Strips the `${…}` / `#{…}` wrapper BPMN tools put around conditions (a whole expression only). */
export function unwrap(expr: string): string {
  const s = expr.trim();
  if (!/^[$#]\{/.test(s)) return s;
  const parts = segments(s);
  return parts.length === 1 && 'expr' in parts[0] ? parts[0].expr : s;
}

/** True when the text is literal text with embedded expressions (`kermit_${loopCounter}`, `${a} ${b}`). */
export function isComposite(text: string): boolean {
  if (!/[$#]\{/.test(text)) return false;
  try {
    const parts = segments(text.trim());
    return !(parts.length === 1 && 'expr' in parts[0]);
  } catch {
    return false;
  }
}

const cache = new Map<string, Node>();

/** Checks the syntax (every embedded expression of a composite); throws ExpressionError with the reason. */
export function compileCondition(expr: string): void {
  if (isComposite(expr)) {
    for (const p of segments(expr.trim())) if ('expr' in p) parse(p.expr);
    return;
  }
  parse(unwrap(expr));
}

function compiled(expr: string): Node {
  let node = cache.get(expr);
  if (!node) {
    node = parse(unwrap(expr));
    if (cache.size > 500) cache.clear();
    cache.set(expr, node);
  }
  return node;
}

/** JUEL's coercion of a value to text inside a composite expression: null is empty. */
function asText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return Array.isArray(v) ? `[${v.map(asText).join(', ')}]` : JSON.stringify(v);
  return String(v);
}

/** The text of a composite expression: literal parts and each embedded expression's value as text. */
function evaluateComposite(text: string, vars: Vars): string {
  return segments(text.trim())
    .map((p) => ('lit' in p ? p.lit : asText(evalNode(compiled(`\${${p.expr}}`), vars))))
    .join('');
}

/** A condition whose value is not a boolean (Activiti: "condition expression returns non-Boolean"). */
export class NonBooleanConditionError extends ExpressionError {
  constructor(readonly value: unknown) {
    super(`条件的结果「${asText(value)}」不是布尔值`);
  }
}

/**
 * Evaluates a condition against the variables; a blank condition is true. A name that is not a variable
 * throws UnknownVariableError (never read as null). A composite (`${a} ${b}`) is text, as in JUEL, and
 * text is not a boolean: Activiti refuses it at run time ("condition expression returns non-Boolean"),
 * and so does this engine (NonBooleanConditionError).
 */
export function evaluateCondition(expr: string | null | undefined, vars: Vars): boolean {
  if (!expr || !expr.trim()) return true;
  if (isComposite(expr)) throw new NonBooleanConditionError(evaluateComposite(expr, vars));
  return truthy(evalNode(compiled(expr), vars));
}

/** Evaluates an expression to its value (assignments, cardinality, collections); a composite gives text. */
export function evaluateValue(expr: string, vars: Vars): unknown {
  if (isComposite(expr)) return evaluateComposite(expr, vars);
  return evalNode(compiled(expr), vars);
}

/** True when the text is an expression — a whole `${…}` / `#{…}`, or a composite with one inside — rather than a literal. */
export function isExpression(text: string): boolean {
  const t = text.trim();
  return /^[$#]\{[\s\S]*\}$/.test(t) || isComposite(t);
}
