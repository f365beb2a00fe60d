import type { CellErrors, CellRule, GridColumn, GridRow } from './types';

/**
 * Cell rules of the editable grid (docs/widgets.md, "Editable grid"). Pattern codes are the stock ones; the
 * money code allows up to 2 decimals (docs/widgets.md, "Editable grid"), not the stock regex that allows 5 decimals above 1.
 */
export const PATTERN_CODES: Record<string, { title: string; pattern: RegExp }> = {
  '*': { title: '非空', pattern: /^[\s\S]+$/ },
  'n6-16': { title: '6到16位数字', pattern: /^\d{6,16}$/ },
  '*6-16': { title: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/ },
  's6-18': { title: '6到18位字母', pattern: /^[A-Za-z]{6,18}$/ },
  url: { title: '网址', pattern: /^(https?|ftp):\/\/[\w-]+(\.[\w-]+)+([\w\-.,@?^=%&:/~+#]*[\w\-@?^=%&/~+#])?$/ },
  e: { title: '电子邮件', pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/ },
  m: { title: '手机号码', pattern: /^1[3-9]\d{9}$/ },
  p: { title: '邮政编码', pattern: /^[1-9]\d{5}$/ },
  s: { title: '字母', pattern: /^[A-Za-z]+$/ },
  n: { title: '数字', pattern: /^-?\d+(\.\d+)?$/ },
  z: { title: '整数', pattern: /^-?\d+$/ },
  money: { title: '金额', pattern: /^(0|[1-9]\d*)(\.\d{1,2})?$/ },
};

export const DEFAULT_MESSAGES = {
  required: '请输入${title}',
  unique: '${title}不能重复',
  pattern: '${title}格式不正确',
};

export function isEmptyValue(v: unknown): boolean {
  return v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
}

function fill(message: string | undefined, fallback: string, title: string): string {
  return (message || fallback).replace(/\$\{title\}/g, title);
}

function valueText(v: unknown): string {
  if (Array.isArray(v)) return v.join(',');
  return v === undefined || v === null ? '' : String(v);
}

function runHandler(rule: CellRule, ctx: Parameters<NonNullable<CellRule['handler']>>[0]): Promise<string | null> {
  const title = ctx.column.title;
  const failText = (m?: string | null) => fill(m ?? undefined, rule.message || DEFAULT_MESSAGES.pattern, title);
  return new Promise((resolve) => {
    let settled = false;
    const done = (ok: boolean, message?: string | null) => {
      if (settled) return;
      settled = true;
      resolve(ok ? null : failText(message));
    };
    try {
      const r = rule.handler!(ctx, (ok, message) => done(ok, message));
      if (r instanceof Promise) {
        r.then(
          (v) => {
            if (v === undefined) return;
            if (typeof v === 'string') done(false, v);
            else done(v !== false, null);
          },
          (err: unknown) => done(false, err instanceof Error ? err.message : null),
        );
      } else if (r !== undefined) {
        if (typeof r === 'string') done(false, r);
        else done(r !== false, null);
      }
    } catch (err) {
      done(false, err instanceof Error ? err.message : null);
    }
  });
}

/** The first failing rule's message for one cell, or null. Empty values pass every rule except required. */
export async function validateCell(column: GridColumn, row: GridRow, rows: GridRow[]): Promise<string | null> {
  const value = row[column.key];
  const text = valueText(value);
  for (const rule of column.validateRules ?? []) {
    if (rule.required || rule.pattern === '*') {
      if (isEmptyValue(value) || text.trim() === '') {
        return fill(rule.message, DEFAULT_MESSAGES.required, column.title);
      }
    }
    if (rule.unique && !isEmptyValue(value)) {
      const dup = rows.some((r) => r.id !== row.id && valueText(r[column.key]) === text);
      if (dup) return fill(rule.message, DEFAULT_MESSAGES.unique, column.title);
    }
    if (rule.pattern && rule.pattern !== '*' && !isEmptyValue(value)) {
      const re = typeof rule.pattern === 'string' ? (PATTERN_CODES[rule.pattern]?.pattern ?? safeRegex(rule.pattern)) : rule.pattern;
      if (re && !re.test(text)) return fill(rule.message, DEFAULT_MESSAGES.pattern, column.title);
    }
    if (rule.handler) {
      const m = await runHandler(rule, { value, row, column, rows });
      if (m) return m;
    }
  }
  return null;
}

function safeRegex(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/** Validates every cell of the given rows; answers the errors keyed by row id and column key. */
export async function validateRows(columns: GridColumn[], rows: GridRow[], only?: GridRow[]): Promise<CellErrors> {
  const errors: CellErrors = {};
  const checked = columns.filter((c) => c.validateRules?.length && c.type !== 'hidden');
  for (const row of only ?? rows) {
    for (const col of checked) {
      const m = await validateCell(col, row, rows);
      if (m) (errors[row.id] ??= {})[col.key] = m;
    }
  }
  return errors;
}

export function countErrors(errors: CellErrors): number {
  return Object.values(errors).reduce((n, r) => n + Object.keys(r).length, 0);
}

/**
 * Number cells: while typing only digits, one leading minus and one decimal point stay (docs/widgets.md, "Editable grid");
 * on blur text that is not a number is cleared.
 */
export function filterNumberInput(text: string): string {
  let out = '';
  let dot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && out === '') out += ch;
    else if (ch === '.' && !dot) {
      dot = true;
      out += ch;
    }
  }
  return out;
}

export function commitNumberInput(text: string): number | '' {
  const t = text.trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(t)) return '';
  const n = Number(t);
  return Number.isFinite(n) ? n : '';
}
