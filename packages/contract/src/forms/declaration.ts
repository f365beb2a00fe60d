/**
 * Approval form types as declarations. A declaration names a form type's fields (with the shared
 * rules they obey), line items, title rule, key figures, gateway values and layout; the server derives its
 * validation, table, list, detail and export from it, the web its editor, read-only view and list page.
 * See docs/forms.md.
 */
import { z } from 'zod';
import { MESSAGES, PATTERNS, type PatternName } from '../validation.js';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'integer'
  | 'date'
  | 'datetime'
  | 'select'
  | 'user'
  | 'users'
  | 'files';

export interface FieldOption {
  value: string;
  label: string;
}

/** A derived value computed from the entered ones (stored, listed, visible to gateway conditions). */
export type Compute =
  /** the sum of a line-item column, e.g. `{ sum: 'amount' }` over the declaration's items */
  | { sum: string }
  /** whole days from one date field to another, both included */
  | { days: [from: string, to: string] };

export interface FieldDecl {
  /** camelCase property on the wire; the column is its snake_case form */
  key: string;
  label: string;
  type: FieldType;
  /** true = the standard message (请输入X / 请选择X / 请上传X), or the message itself */
  required?: boolean | string;
  /** a shared rule (packages/contract/src/validation.ts, docs/contract.md, "Validation texts") */
  rule?: PatternName;
  /** dictionary code of a select */
  dict?: string;
  /**
   * The value is the code of a stored thing that people know by its name: `position` = a 职务 code
   * (sys_position). The server checks that it exists, every read answer carries the name as
   * `<key>_dictText`, the views and lists show that name and the editor picks it by name.
   */
  ref?: 'position';
  /** fixed options of a select (checked on the server) */
  options?: FieldOption[];
  /** text: maximum length (default 200, textarea 2000); number: maximum value */
  max?: number;
  /** number: minimum value (money defaults to more than 0) */
  min?: number;
  /** the message when a number is outside min/max (default 不能小于/不能大于) */
  rangeMessage?: string;
  /** the message when a number or date cannot be read (default 须为数字 / 格式不正确) */
  invalidMessage?: string;
  /** this date/number must not be below another field's value */
  gte?: { field: string; message: string };
  /** unique among the rows of this form type; the message when taken (checked with /sys/duplicate/check) */
  unique?: string;
  /** not entered: computed (`compute`) or written by the type's hooks */
  input?: false;
  compute?: Compute;
  /** shown as a list column */
  list?: boolean;
  /** a search input on the list */
  search?: boolean;
  /** the list may sort by it */
  sort?: boolean;
  placeholder?: string;
  /** 2 = the whole row of the editor's two-column grid */
  span?: 1 | 2;
  /** list column width */
  width?: number;
  /**
   * Kept on the record for the system (a file id, a department code) and never shown to people: no list
   * column, no line in the read-only form; the editor carries it unseen.
   */
  hidden?: boolean;
}

export interface ItemsDecl {
  /** property of the array on the wire (stored as JSON text) */
  key: string;
  label: string;
  /** at least this many rows (default 1) */
  min?: number;
  minMessage?: string;
  max?: number;
  fields: FieldDecl[];
}

export type FormValues = Record<string, unknown>;

/** What a title or key-figure rule may read besides the values. */
export interface TitleContext {
  applicantName: string;
  /** the display text of a select field's value (dictionary or option text) */
  text(key: string): string;
}

export type FormLayout = 'full' | '80%' | 'wide' | 'goods';

export interface FormDeclaration {
  /** the wire `tableName` and the table the rows live in, e.g. `fm_funds` */
  key: string;
  /** url segment of the list endpoints and page (`/forms/<slug>/list`) */
  slug: string;
  /** the front-end form key (`routeName`) */
  routeName: string;
  /** short label shown in my applications, done and to-do (资金) */
  label: string;
  /** full name (资金申请), used by the default title and the menu */
  name: string;
  /** the end pseudo-assignee (next node type 2) */
  endLabel: string;
  fields: FieldDecl[];
  items?: ItemsDecl;
  /**
   * The key figures (`董建的资金申请 · 华信科技 ¥80,000.00` reads `华信科技 ¥80,000.00`); part of the default
   * title so rows of the to-do list and my applications tell apart.
   */
  summary?(v: FormValues, ctx: TitleContext): string;
  /** the title when the applicant leaves it blank (default: `<name>的<form name> · <summary>`) */
  title?(v: FormValues, ctx: TitleContext): string;
  /** extra values gateway conditions may read (the fields are always visible) */
  gateway?: Record<string, (v: FormValues) => unknown>;
  /** every approval needs a comment (请输入审批意见) */
  commentRequired?: boolean;
  passPath?: 'pass' | 'jxpass';
  layout?: FormLayout;
  /** a group-level (A01) approver claiming it marks the application group level (`claimOrgCode` = A01) */
  groupClaim?: boolean;
  /** list permission codes (default `forms:<slug>:list`, and `forms:<slug>:all` to see the whole company) */
  perms?: { list: string; all: string };
  /** the approval dialog asks for a score (0–100) sent with the pass (performance) */
  approvalScore?: boolean;
}

/** Identity helper that keeps the literal types of a declaration. */
export function defineForm<D extends FormDeclaration>(d: D): D {
  return d;
}

/** Whether an exported value is a form declaration (what discovery of `*.form.ts` files keeps). */
export function isFormDeclaration(v: unknown): v is FormDeclaration {
  if (!v || typeof v !== 'object') return false;
  const d = v as Partial<FormDeclaration>;
  return typeof d.key === 'string' && typeof d.slug === 'string' && typeof d.routeName === 'string' && typeof d.endLabel === 'string' && Array.isArray(d.fields);
}

/**
 * The form declarations exported by a set of modules (an `import.meta.glob` result or modules loaded from
 * a folder), each once, ordered by key. Any export name works; a module may export several.
 */
export function declarationsIn(modules: Record<string, unknown>): FormDeclaration[] {
  const byKey = new Map<string, FormDeclaration>();
  for (const m of Object.values(modules)) {
    if (!m || typeof m !== 'object') continue;
    for (const v of Object.values(m as Record<string, unknown>)) {
      if (!isFormDeclaration(v)) continue;
      const seen = byKey.get(v.key);
      if (seen && seen !== v) throw new Error(`form type ${v.key} declared twice`);
      byKey.set(v.key, v);
    }
  }
  return [...byKey.values()].sort((a, b) => a.key.localeCompare(b.key));
}

export const snake = (s: string): string => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function formPerms(d: FormDeclaration): { list: string; all: string } {
  return d.perms ?? { list: `forms:${d.slug}:list`, all: `forms:${d.slug}:all` };
}

/** The message of a missing required value. */
export function requiredMessage(f: FieldDecl): string {
  if (typeof f.required === 'string') return f.required;
  if (f.type === 'files') return `请上传${f.label}`;
  if (['select', 'date', 'datetime', 'user', 'users'].includes(f.type)) return `请选择${f.label}`;
  return `请输入${f.label}`;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const MONEY = /^-?\d+(\.\d{1,2})?$/;
const NUMBER = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

function validDate(s: string): boolean {
  const d = new Date(`${s.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s.slice(0, 10);
}

/**
 * Normalises and checks one value. Returns `{ value }` or `{ error }` (a Chinese message). Used by the
 * server schema and by the web editor's validators, so both sides say the same.
 */
export function checkField(f: FieldDecl, raw: unknown): { value: unknown; error?: string } {
  let v: unknown = typeof raw === 'string' ? raw.trim() : raw;
  if ((f.type === 'users' || f.type === 'files') && Array.isArray(v)) {
    v = v
      .map((x) => String(x ?? '').trim())
      .filter(Boolean)
      .join(',');
  }
  if (isEmpty(v)) {
    if (f.required) return { value: null, error: requiredMessage(f) };
    return { value: null };
  }
  switch (f.type) {
    case 'money':
    case 'number':
    case 'integer': {
      const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v : '';
      const pattern = f.type === 'money' ? MONEY : f.type === 'integer' ? INTEGER : NUMBER;
      const invalid = f.invalidMessage ?? (f.type === 'integer' ? `${f.label}须为整数` : `${f.label}须为数字`);
      if (f.type === 'money' && typeof v === 'string' && NUMBER.test(s) && !MONEY.test(s)) return { value: null, error: `${f.label}最多两位小数` };
      if (typeof v === 'number' ? !Number.isFinite(v) : !pattern.test(s)) return { value: null, error: invalid };
      const n = Number(v);
      if (f.type === 'money' && Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return { value: null, error: `${f.label}最多两位小数` };
      if (f.type === 'integer' && !Number.isInteger(n)) return { value: null, error: invalid };
      const min = f.min ?? (f.type === 'money' ? 0.01 : undefined);
      if (min !== undefined && n < min) {
        return { value: null, error: f.rangeMessage ?? (f.type === 'money' && f.min === undefined ? `${f.label}必须大于0` : `${f.label}不能小于${min}`) };
      }
      const max = f.max ?? (f.type === 'money' ? 10_000_000_000 : undefined);
      if (max !== undefined && n > max) return { value: null, error: f.rangeMessage ?? `${f.label}不能大于${max}` };
      return { value: n };
    }
    case 'date':
    case 'datetime': {
      const s = String(v);
      const ok = f.type === 'date' ? DATE.test(s) : DATETIME.test(s);
      if (!ok || !validDate(s)) return { value: null, error: f.invalidMessage ?? `${f.label}格式不正确` };
      return { value: s };
    }
    default: {
      if (typeof v !== 'string' && typeof v !== 'number') return { value: null, error: requiredMessage(f) };
      const s = String(v);
      if (f.options && !f.options.some((o) => o.value === s)) return { value: null, error: `请选择${f.label}` };
      if (f.rule && !PATTERNS[f.rule].pattern.test(s)) return { value: null, error: PATTERNS[f.rule].message };
      const max = f.max ?? (f.type === 'textarea' || f.type === 'users' || f.type === 'files' ? 2000 : f.type === 'select' ? 64 : f.type === 'user' ? 100 : 200);
      if (s.length > max) return { value: null, error: `${f.label}${MESSAGES.maxLength(max)}` };
      return { value: s };
    }
  }
}

/** The entered fields of a declaration (computed and hook-written ones excluded). */
export const inputFields = (fields: FieldDecl[]): FieldDecl[] => fields.filter((f) => f.input !== false);

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/** Cross-field rules (`gte`) over normalised values: `[key, message]` of each failure. */
export function crossFieldErrors(fields: FieldDecl[], values: FormValues): [string, string][] {
  const out: [string, string][] = [];
  for (const f of fields) {
    if (!f.gte) continue;
    const a = values[f.key];
    const b = values[f.gte.field];
    if (!isEmpty(a) && !isEmpty(b) && compareValues(a, b) < 0) out.push([f.key, f.gte.message]);
  }
  return out;
}

/**
 * The zod schema of a declaration's add/edit body: every entered field normalised and checked with its
 * rule, line items, cross-field rules, and the optional `title`. Unknown properties are dropped.
 */
export function formSchema(d: FormDeclaration): z.ZodType<FormValues> {
  const fields = inputFields(d.fields);
  const items = d.items;
  return z
    .looseObject({})
    .transform((body, ctx) => {
      const out: FormValues = {};
      const rawTitle = body.title;
      if (typeof rawTitle === 'string' && rawTitle.trim()) {
        if (rawTitle.trim().length > 200) ctx.addIssue({ code: 'custom', path: ['title'], message: `标题${MESSAGES.maxLength(200)}` });
        out.title = rawTitle.trim();
      }
      for (const f of fields) {
        const r = checkField(f, body[f.key]);
        if (r.error) ctx.addIssue({ code: 'custom', path: [f.key], message: r.error });
        else out[f.key] = r.value;
      }
      for (const [key, message] of crossFieldErrors(fields, out)) ctx.addIssue({ code: 'custom', path: [key], message });
      if (items) {
        const raw = body[items.key];
        const min = items.min ?? 1;
        const minMessage = items.minMessage ?? `请至少填写一条${items.label}`;
        if (!Array.isArray(raw)) {
          if (min > 0) ctx.addIssue({ code: 'custom', path: [items.key], message: minMessage });
          out[items.key] = [];
        } else {
          if (raw.length < min) ctx.addIssue({ code: 'custom', path: [items.key], message: minMessage });
          const max = items.max ?? 100;
          if (raw.length > max) ctx.addIssue({ code: 'custom', path: [items.key], message: `${items.label}最多${max}条` });
          const rows: FormValues[] = [];
          raw.slice(0, max).forEach((row: unknown, i: number) => {
            const src = (row && typeof row === 'object' ? row : {}) as FormValues;
            const o: FormValues = {};
            for (const f of inputFields(items.fields)) {
              const r = checkField(f, src[f.key]);
              if (r.error) ctx.addIssue({ code: 'custom', path: [items.key, i, f.key], message: r.error });
              else if (r.value !== null || f.required) o[f.key] = r.value;
            }
            rows.push(o);
          });
          out[items.key] = rows;
        }
      }
      return out;
    }) as unknown as z.ZodType<FormValues>;
}

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both included (null when either is missing or invalid). */
export function daysBetween(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string' || !DATE.test(from.slice(0, 10)) || !DATE.test(to.slice(0, 10))) return null;
  const a = Date.parse(`${from.slice(0, 10)}T00:00:00Z`);
  const b = Date.parse(`${to.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b) || b < a) return null;
  return Math.round((b - a) / DAY_MS) + 1;
}

/** The computed fields (`compute`) of normalised values. */
export function computeValues(d: FormDeclaration, values: FormValues): FormValues {
  const out: FormValues = {};
  for (const f of d.fields) {
    if (!f.compute) continue;
    if ('sum' in f.compute) {
      const rows = d.items ? ((values[d.items.key] as FormValues[] | undefined) ?? []) : [];
      const col = f.compute.sum;
      out[f.key] = Math.round(rows.reduce((s, r) => s + (Number(r[col]) || 0), 0) * 100) / 100;
    } else {
      out[f.key] = daysBetween(values[f.compute.days[0]], values[f.compute.days[1]]);
    }
  }
  return out;
}

/** `¥1,280.00` */
export function formatMoney(n: unknown): string {
  const v = Number(n);
  if (n === null || n === undefined || n === '' || !Number.isFinite(v)) return '';
  return `¥${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The display text of a select value from its fixed options (dictionaries are resolved by the caller). */
export function optionText(f: FieldDecl | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  const o = f?.options?.find((x) => x.value === String(value));
  return o ? o.label : String(value);
}

/** The title of an application left untitled: the declaration's rule, or `<name>的<form name> · <summary>`. */
export function formTitle(d: FormDeclaration, values: FormValues, ctx: TitleContext): string {
  const t = d.title ? d.title(values, ctx) : defaultTitle(d, values, ctx);
  return t.slice(0, 200);
}

function defaultTitle(d: FormDeclaration, values: FormValues, ctx: TitleContext): string {
  const s = d.summary?.(values, ctx).trim();
  return `${ctx.applicantName}的${d.name}${s ? ` · ${s}` : ''}`;
}

/** Every field of a declaration, line items excluded, by key. */
export function fieldOf(d: FormDeclaration, key: string): FieldDecl | undefined {
  return d.fields.find((f) => f.key === key);
}
