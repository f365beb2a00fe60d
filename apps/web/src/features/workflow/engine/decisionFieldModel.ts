/**
 * The field model of a task's form (Activiti `formProperty` / node decision fields): one source for the desktop
 * approval dialog (`DecisionFields.tsx`, antd) and the phone task page (`h5/components/H5DecisionFields.tsx`,
 * antd-mobile). No UI library here, so the phone bundle does not pull in antd.
 */
import dayjs from 'dayjs';
import { getAction } from '../../../app/http/client';

/**
 * A property of the task's form (an Activiti `formProperty`, or a decision field of the node settings);
 * the value becomes a process variable.
 */
export interface DecisionField {
  name: string;
  label: string;
  type: 'radio' | 'text' | 'number' | 'date';
  options: { value: string; label: string }[];
  required: boolean;
  /** Activiti form type: string, long, double, boolean, enum, date */
  formType?: string;
  /** false: shown read-only, never sent */
  writable?: boolean;
  /** false: not shown (the server leaves these out) */
  readable?: boolean;
  /** date: the Java date pattern of the value (dd/MM/yyyy …) */
  datePattern?: string | null;
  /** the current value as form text */
  value?: string | null;
}

/** A Java date pattern (yyyy-MM-dd HH:mm, hh:mm a) as a dayjs format (YYYY-MM-DD HH:mm, hh:mm A); quoted text stays literal. */
export function dayjsFormat(pattern: string): string {
  return pattern
    .split(/('[^']*')/)
    .map((part) =>
      part.startsWith("'") ? (part === "''" ? "'" : `[${part.slice(1, -1)}]`) : part.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/d/g, 'D').replace(/a/g, 'A'),
    )
    .join('');
}

/** What a read-only property shows: an enum value's name, 是/否, or the text. */
export function displayValue(f: DecisionField): string {
  const v = f.value ?? '';
  if (f.type === 'radio') return f.options.find((o) => o.value === v)?.label ?? v;
  return v;
}

/** The values a writable property starts with (its current value), to be submitted unless changed. */
export function initialValues(fields: DecisionField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.writable === false || f.value === null || f.value === undefined || f.value === '') continue;
    out[f.name] = f.type === 'number' && Number.isFinite(Number(f.value)) ? Number(f.value) : f.value;
  }
  return out;
}

/** The task's readable form properties (`GET /actTask/decisionFields/{taskId}`); none when the answer fails. */
export async function loadDecisionFields(taskId: string): Promise<DecisionField[]> {
  const r = await getAction<DecisionField[]>(`/actTask/decisionFields/${encodeURIComponent(taskId)}`, undefined, { silent: true });
  if (!r.success) return [];
  return (r.result ?? []).filter((f) => f.readable !== false);
}

/** Whether a property is marked required in the form (a read-only one never is: it is not filled in). */
export function isRequired(f: DecisionField): boolean {
  return f.required && f.writable !== false;
}

const patternOf = (f: DecisionField) => dayjsFormat(f.datePattern || 'dd/MM/yyyy');

/** Whether a date property's pattern has a time of day (a date-time control then). */
export function dateHasTime(f: DecisionField): boolean {
  return /[Hhms]/.test(patternOf(f));
}

const TOKEN: Record<string, string> = { y: '(\\d{4})', M: '(\\d{1,2})', d: '(\\d{1,2})', H: '(\\d{1,2})', h: '(\\d{1,2})', m: '(\\d{1,2})', s: '(\\d{1,2})', a: '(AM|PM|am|pm)' };

/**
 * Reads text written in a Java date pattern (strictly; no dayjs parse plugin, which would pull the desktop date
 * picker's chunk into the phone page). Null when the text does not fit the pattern or is no real date.
 */
export function parsePatternDate(text: string, pattern: string): dayjs.Dayjs | null {
  const order: string[] = [];
  let re = '';
  for (const part of pattern.split(/('[^']*'|y+|M+|d+|H+|h+|m+|s+|a)/)) {
    if (!part) continue;
    if (part.startsWith("'")) re += (part === "''" ? "'" : part.slice(1, -1)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (TOKEN[part[0]]) {
      order.push(part[0] === 'y' && part.length === 2 ? 'yy' : part[0]);
      re += part[0] === 'y' && part.length === 2 ? '(\\d{2})' : TOKEN[part[0]];
    } else re += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const m = new RegExp(`^${re}$`).exec(text.trim());
  if (!m) return null;
  const v: Record<string, number> = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0 };
  let pm: boolean | null = null;
  order.forEach((k, i) => {
    const t = m[i + 1];
    if (k === 'a') pm = t.toUpperCase() === 'PM';
    else if (k === 'yy') v.y = 2000 + Number(t);
    else if (k === 'h') v.H = Number(t) % 12;
    else v[k] = Number(t);
  });
  if (pm) v.H += 12;
  const d = dayjs(new Date(v.y, v.M - 1, v.d, v.H, v.m, v.s));
  return d.year() === v.y && d.month() === v.M - 1 && d.date() === v.d ? d : null;
}

/** A date property's value (text in its pattern) as a native control's value: `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm`. */
export function toNativeDate(f: DecisionField, value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  const d = parsePatternDate(value, f.datePattern || 'dd/MM/yyyy');
  return d ? d.format(dateHasTime(f) ? 'YYYY-MM-DDTHH:mm' : 'YYYY-MM-DD') : '';
}

/** A native control's value back as text in the property's pattern (null when cleared). */
export function fromNativeDate(f: DecisionField, native: string): string | null {
  if (!native) return null;
  const d = dayjs(native);
  return d.isValid() ? d.format(patternOf(f)) : null;
}
