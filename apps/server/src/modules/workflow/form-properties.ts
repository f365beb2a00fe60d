/**
 * Activiti form property values (`activiti:formProperty`): the form types, the date patterns and how a
 * form value becomes a process variable — the rules of Activiti's form service (FormPropertyHandler and its
 * form types string, long, double, boolean, enum, date).
 */

/** The form types Activiti registers by default. */
export const FORM_TYPES = ['string', 'long', 'double', 'boolean', 'enum', 'date'] as const;
export type FormType = (typeof FORM_TYPES)[number];

/** Activiti's default date pattern (the `date` type registered without a pattern). */
export const DEFAULT_DATE_PATTERN = 'dd/MM/yyyy';

/** Activiti's boolean attribute words (`required`, `readable`, `writable`); anything else is an error. */
const TRUE_WORDS = ['on', 'yes', 'true', 'enabled', 'active'];
const FALSE_WORDS = ['off', 'no', 'false', 'disabled', 'inactive'];

/** An attribute read as Activiti's parseBooleanAttribute does: undefined → the default, an unknown word → null. */
export function booleanAttribute(value: unknown, dflt: boolean): boolean | null {
  if (value === undefined || value === null) return dflt;
  if (typeof value === 'boolean') return value;
  const t = String(value).trim().toLowerCase();
  if (TRUE_WORDS.includes(t)) return true;
  if (FALSE_WORDS.includes(t)) return false;
  return null;
}

type Field = 'y' | 'M' | 'd' | 'H' | 'h' | 'm' | 's' | 'a';
type PatternPart = { lit: string } | { field: Field; width: number };

/**
 * A Java date pattern (SimpleDateFormat) split into fields and literal text. Supported letters: y (yyyy,
 * yy), M, d, H, h (1–12), m, s (one or two letters) and a (AM/PM); text in single quotes is literal. Null
 * when the pattern uses any other letter (month names, weekdays, time zones…).
 */
export function datePatternParts(pattern: string): PatternPart[] | null {
  const out: PatternPart[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) return null;
      out.push({ lit: end === i + 1 ? "'" : pattern.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      const width = j - i;
      if (!'yMdHhmsa'.includes(c)) return null;
      if (c === 'y' ? width !== 2 && width !== 4 : c === 'a' ? width !== 1 : width > 2) return null;
      out.push({ field: c as Field, width });
      i = j;
      continue;
    }
    out.push({ lit: c });
    i++;
  }
  return out.some((p) => 'field' in p) ? out : null;
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

/**
 * Reads a form value written in a Java date pattern (strictly: no 32nd day, no 13th month). Gives the
 * product's date-time text `YYYY-MM-DD HH:mm:ss`; null when the text does not fit the pattern.
 */
export function parsePatternDate(text: string, pattern: string): string | null {
  const parts = datePatternParts(pattern);
  if (!parts) return null;
  let re = '^';
  const order: Field[] = [];
  for (const p of parts) {
    if ('lit' in p) re += p.lit.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else {
      re += p.field === 'a' ? '(AM|PM)' : p.field === 'y' ? (p.width === 4 ? '(\\d{4})' : '(\\d{2})') : p.width === 2 ? '(\\d{2})' : '(\\d{1,2})';
      order.push(p.field);
    }
  }
  const m = new RegExp(re + '$', 'i').exec(text.trim());
  if (!m) return null;
  const v: Record<string, number> = { y: 1970, M: 1, d: 1, H: 0, m: 0, s: 0 };
  let pm = false;
  let h12: number | null = null;
  order.forEach((f, k) => {
    if (f === 'a') pm = m[k + 1].toUpperCase() === 'PM';
    else if (f === 'h') h12 = Number(m[k + 1]);
    else v[f] = Number(m[k + 1]);
  });
  // h is the hour of AM/PM, 1–12 (12 is the first hour); without an AM/PM marker it is AM
  if (h12 !== null) {
    if (h12 < 1 || h12 > 12) return null;
    v.H = (h12 % 12) + (pm ? 12 : 0);
  }
  const yy = parts.find((p) => 'field' in p && p.field === 'y' && p.width === 2);
  if (yy) v.y += v.y < 80 ? 2000 : 1900;
  const dt = new Date(Date.UTC(v.y, v.M - 1, v.d, v.H, v.m, v.s));
  if (dt.getUTCFullYear() !== v.y || dt.getUTCMonth() !== v.M - 1 || dt.getUTCDate() !== v.d || v.H > 23 || v.m > 59 || v.s > 59) return null;
  return `${pad(v.y, 4)}-${pad(v.M, 2)}-${pad(v.d, 2)} ${pad(v.H, 2)}:${pad(v.m, 2)}:${pad(v.s, 2)}`;
}

/** The product's date-time text (`YYYY-MM-DD[ HH:mm[:ss]]`, or with `T`) as stored; null when it is not one. */
export function parseStoredDate(text: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  return parsePatternDate(`${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`, 'yyyy-MM-dd HH:mm:ss');
}

/** A stored date (`YYYY-MM-DD HH:mm:ss`) written in a Java date pattern, as the form shows it. */
export function formatPatternDate(stored: string, pattern: string): string | null {
  const iso = parseStoredDate(stored);
  const parts = datePatternParts(pattern);
  if (!iso || !parts) return null;
  const [y, M, d, H, m, s] = iso.split(/[- :]/).map(Number);
  const v = { y, M, d, H, m, s, h: H % 12 === 0 ? 12 : H % 12 };
  return parts
    .map((p) => {
      if ('lit' in p) return p.lit;
      if (p.field === 'a') return H < 12 ? 'AM' : 'PM';
      if (p.field === 'y') return p.width === 2 ? pad(y % 100, 2) : pad(y, 4);
      return p.width === 2 ? pad(v[p.field], 2) : String(v[p.field]);
    })
    .join('');
}

/** Where a form property's value goes: a variable, a property path into an object variable, or nowhere. */
export type FormTarget = { kind: 'var'; name: string } | { kind: 'path'; base: string; path: string[] } | { kind: 'none'; text: string };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The target of a form property: its `variable`, else its `expression` when that is an lvalue (`${x}`,
 * `#{address.street}`), else its `id`. An expression that is not an lvalue can be read but not written
 * (Activiti refuses the write when the form gives a value).
 */
export function formTarget(f: { name: string; variable?: string | null; expression?: string | null }): FormTarget {
  if (f.variable) return { kind: 'var', name: f.variable };
  if (f.expression) {
    const m = /^[$#]\{\s*([^}]*?)\s*\}$/.exec(f.expression.trim());
    const parts = m ? m[1].split('.').map((x) => x.trim()) : [];
    if (!parts.length || !parts.every((p) => IDENT.test(p))) return { kind: 'none', text: f.expression };
    return parts.length === 1 ? { kind: 'var', name: parts[0] } : { kind: 'path', base: parts[0], path: parts.slice(1) };
  }
  return { kind: 'var', name: f.name };
}
